import type { Evidence, ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { SecretRedactor } from '../harness/records/secretRedactor.ts';

// Evidence as a person reads it: an exchange written out like HTTP on the wire,
// and the other evidence members as indented JSON. The records rendered were
// redacted when they were made, with the secrets their session knew; on the way
// out a fresh redactor still masks every Authorization header and token member,
// whatever a check put in.

const masking = (): SecretRedactor => new SecretRedactor();

/** JSON bodies indented for reading; anything else (or a truncated body) as sent. */
function bodyText(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

const headerLines = (headers: Record<string, string>, redactor: SecretRedactor): string[] =>
  Object.entries(redactor.headers(headers)).map(([name, value]) => `${name}: ${value}`);

export function exchangeText(exchange: ExchangeExcerpt): string {
  const redactor = masking();
  const lines = [`${exchange.request.method} ${exchange.request.url}`, ...headerLines(exchange.request.headers, redactor)];
  if (exchange.request.body !== undefined) lines.push('', bodyText(exchange.request.body));
  if (exchange.response) {
    lines.push(
      '',
      `HTTP ${exchange.response.status}  (${Math.round(exchange.response.durationMs)} ms)`,
      ...headerLines(exchange.response.headers, redactor),
    );
    if (exchange.response.body !== undefined) lines.push('', bodyText(exchange.response.body));
  }
  if (exchange.error) lines.push('', `error: ${exchange.error}`);
  return redactor.text(lines.join('\n'));
}

export const jsonText = (value: unknown): string => masking().text(JSON.stringify(value, null, 2) ?? 'undefined');

/** The non-exchange members of evidence that are present, as labelled JSON texts. */
export function evidenceFacts(evidence: Evidence): Array<{ label: string; text: string }> {
  const facts: Array<{ label: string; text: string }> = [];
  if (evidence.seed !== undefined) facts.push({ label: 'seed', text: String(evidence.seed) });
  if (evidence.counterexample !== undefined) facts.push({ label: 'counterexample', text: jsonText(evidence.counterexample) });
  if (evidence.details !== undefined) facts.push({ label: 'details', text: jsonText(evidence.details) });
  return facts;
}
