import type { EvidenceSource } from '../../harness/records/checkRecorder.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { absentListedMembers, describeAbsent } from './listedEventMembers.ts';
import { eventTypeCatalogue, eventTypeEntry, schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';

// Judging events against the Event Catalog: each catalogue section has its own
// requirement; an event of a type the catalogue does not name is held to the
// common shape only (new types are added without notice, API 6.1 and 9).

export const SECTION_REQUIREMENTS: Readonly<Record<string, string>> = {
  'Event Catalog: Accounts': 'EV-CATALOGUE-ACCOUNTS',
  'Event Catalog: Applications and documents': 'EV-CATALOGUE-APPLICATIONS',
  'Event Catalog: Assignments': 'EV-CATALOGUE-ASSIGNMENTS',
  'Event Catalog: Card authorizations': 'EV-CATALOGUE-CARD-AUTHORIZATIONS',
  'Event Catalog: Cards': 'EV-CATALOGUE-CARDS',
  'Event Catalog: Card fraud cases': 'EV-CATALOGUE-CARD-FRAUD-CASES',
  'Event Catalog: Bulk payments, chargebacks, disputes': 'EV-CATALOGUE-BULK-CHARGEBACKS-DISPUTES',
  'Event Catalog: Check deposits': 'EV-CATALOGUE-CHECK-DEPOSITS',
  'Event Catalog: Check payments': 'EV-CATALOGUE-CHECK-PAYMENTS',
  'Event Catalog: Credit': 'EV-CATALOGUE-CREDIT',
  'Event Catalog: Payments (sent)': 'EV-CATALOGUE-PAYMENTS',
  'Event Catalog: Received payments': 'EV-CATALOGUE-RECEIVED-PAYMENTS',
  'Event Catalog: Recurring payments and repayments, repayments': 'EV-CATALOGUE-RECURRING-REPAYMENTS',
  'Event Catalog: Rewards, statements, stop payments, tax forms': 'EV-CATALOGUE-REWARDS-STATEMENTS-STOP-PAYMENTS-TAX-FORMS',
  'Event Catalog: Transactions, drawdowns, white-label app users, positive pay': 'EV-CATALOGUE-TRANSACTIONS-DRAWDOWNS-USERS',
};

export const CATALOGUE_REQUIREMENTS: readonly string[] = [...new Set(Object.values(SECTION_REQUIREMENTS))];

/** Event types whose payload the documents do not show; injected copies say nothing about a target. */
const UNSHOWN_PAYLOADS = new Set(['positivePay.cancelled']);

/** Catalogued types with a shown payload, each with the forms (variants) it comes in. */
export function injectableTypes(): Array<{ type: string; variant?: string; requirement: string }> {
  const forms: Array<{ type: string; variant?: string; requirement: string }> = [];
  for (const entry of eventTypeCatalogue()) {
    if (UNSHOWN_PAYLOADS.has(entry.type)) continue;
    const requirement = SECTION_REQUIREMENTS[entry.section];
    if (!requirement) throw new Error(`event type ${entry.type} is in an unknown catalogue section '${entry.section}'`);
    if (entry.variants?.length) for (const variant of entry.variants) forms.push({ type: entry.type, variant: variant.name, requirement });
    else forms.push({ type: entry.type, requirement });
  }
  return forms;
}

/** The requirement an event of this type is judged under: its catalogue section, else the common shape. */
export function shapeRequirementFor(type: unknown): string {
  const entry = typeof type === 'string' ? eventTypeEntry(type) : undefined;
  return (entry && SECTION_REQUIREMENTS[entry.section]) ?? 'EV-RESOURCE-SHAPE';
}

/** Absent listed members are judged here, at most a SHOULD: the catalogue lists members, it never makes one mandatory. */
export const LISTED_MEMBERS_REQUIREMENT = 'EV-PAYLOAD-LISTED-MEMBERS';

/**
 * Judge one event against the Event Catalog: the members it carries MUST have their
 * documented types (its catalogue schema), recorded under `requirementId` (default:
 * the catalogue section of its type); members the catalogue lists for its type that
 * it lacks are recorded under EV-PAYLOAD-LISTED-MEMBERS (a WARN, never a FAIL).
 * A scenario calling this declares both.
 */
export function checkEventShape(
  ctx: ScenarioContext,
  event: unknown,
  where: string,
  evidence?: EvidenceSource,
  requirementId?: string,
): boolean {
  const result = schemaRegistry().validateEvent(event);
  const type = (event as { type?: unknown } | undefined)?.type;
  const id = (event as { id?: unknown } | undefined)?.id;
  const requirement = requirementId ?? shapeRequirementFor(type);
  checkListedMembers(ctx, event, where, evidence);
  if (result.valid) {
    ctx.check.pass(
      requirement,
      `${where}: events of type ${String(type)} carry their members with the documented types (${result.schemaKey})`,
    );
    return true;
  }
  const members = result.violations.map((violation) => violation.message).join('; ');
  ctx.check.fail(
    requirement,
    `${where}: expected event ${String(id)} of type ${String(type)} to match ${result.schemaKey}; it does not: ${members}`,
    evidence,
  );
  return false;
}

/** Records EV-PAYLOAD-LISTED-MEMBERS for one event of a catalogued type: a WARN naming what it lacks. */
export function checkListedMembers(ctx: ScenarioContext, event: unknown, where: string, evidence?: EvidenceSource): void {
  const absent = absentListedMembers(event);
  if (!absent) return;
  const missing = describeAbsent(absent);
  const form = absent.variant ? ` (${absent.variant} form)` : '';
  ctx.check.expect(
    LISTED_MEMBERS_REQUIREMENT,
    missing === '',
    missing === ''
      ? `${where}: events of type ${absent.type}${form} carry the members the Event Catalog lists`
      : `${where}: expected event ${String((event as { id?: unknown }).id)} of type ${absent.type}${form} to carry the members the Event Catalog lists; it lacks ${missing}`,
    missing === '' ? undefined : evidence,
  );
}
