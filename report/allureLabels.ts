import type { CheckRecord } from '../harness/records/checkRecords.ts';
import { isFailing } from '../harness/records/checkRecords.ts';
import { CLIENT_REQUIREMENTS } from '../contract/catalogue/operationCatalogue.ts';
import type { Level, RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { ItemReport } from '../harness/engine/engineEvents.ts';
import { evidenceFacts, exchangeText, jsonText } from './exchangeText.ts';

// How one conformance test shows in Allure's Behaviors tree: epic = area,
// feature = the endpoint or rule the scenario exercises (from its id), one story
// per requirement it judged, severity from the strictest level among them; and
// the evidence of its checks as redacted text attachments.

export interface AllureView {
  epic: string;
  feature: string;
  stories: string[];
  severity: 'critical' | 'normal' | 'minor';
  description: string;
  attachments: Array<{ name: string; content: string; contentType: 'text/plain' | 'application/json' }>;
}

const SEVERITY: Record<Level, AllureView['severity']> = { MUST: 'critical', SHOULD: 'normal', OBSERVE: 'minor' };
const LEVEL_ORDER: readonly Level[] = ['MUST', 'SHOULD', 'OBSERVE'];
/** Checked on every call; a story of their own only when they did not pass. */
const PER_CALL = new Set<string>(Object.values(CLIENT_REQUIREMENTS));
const ATTACHMENTS = 20;

/** `positive-pay/create/checkPaymentPositivePay` → `create`; the area itself when the id says no more. */
export function featureOf(meta: { area: string; itemId: string }): string {
  const rest = meta.itemId.startsWith(`${meta.area}/`) ? meta.itemId.slice(meta.area.length + 1) : meta.itemId;
  return rest.split('/')[0] || meta.area;
}

function storiesOf(records: readonly CheckRecord[]): string[] {
  const ids = records
    .filter((record) => !PER_CALL.has(record.requirementId) || isFailing(record.outcome) || record.outcome === 'WARN')
    .map((record) => record.requirementId);
  return [...new Set(ids)];
}

function attachmentOf(record: CheckRecord): AllureView['attachments'][number] {
  const parts = [`${record.outcome} ${record.requirementId}: ${record.message}`];
  if ('observed' in record) parts.push(`observed: ${jsonText(record.observed)}`);
  for (const exchange of record.evidence?.exchanges ?? []) parts.push(exchangeText(exchange));
  for (const fact of record.evidence ? evidenceFacts(record.evidence) : []) parts.push(`${fact.label}: ${fact.text}`);
  const name = `${record.outcome} ${record.requirementId}: ${record.message}`;
  return { name: name.length > 120 ? `${name.slice(0, 119)}…` : name, content: parts.join('\n\n'), contentType: 'text/plain' };
}

/** What a test shows in Allure: a scenario's report, its group as the area (`receiver` for a receiver case). */
export type AllureSubject = Pick<ItemReport, 'itemId' | 'title' | 'records'> & { area: string };

export function allureView(meta: AllureSubject, catalogue: RequirementCatalogue): AllureView {
  const stories = storiesOf(meta.records);
  const levels = stories.filter((id) => catalogue.has(id)).map((id) => catalogue.get(id).level);
  const strictest = LEVEL_ORDER.find((level) => levels.includes(level)) ?? 'OBSERVE';
  // Failing checks first, so the cap never hides the evidence that matters.
  const telling = [...meta.records]
    .filter((record) => record.evidence || 'observed' in record)
    .sort((a, b) => Number(isFailing(b.outcome)) - Number(isFailing(a.outcome)))
    .slice(0, ATTACHMENTS);
  return {
    epic: meta.area,
    feature: featureOf(meta),
    stories,
    severity: SEVERITY[strictest],
    description: `${meta.title}\n\nScenario \`${meta.itemId}\`, ${meta.records.length} check(s).`,
    attachments: [
      ...telling.map(attachmentOf),
      {
        name: 'check records',
        content: jsonText(meta.records.map(({ evidence: _evidence, ...record }) => record)),
        contentType: 'application/json',
      },
    ],
  };
}
