import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';

// One request the integrator's client made, as the recorder inside the emulator's
// server saw it (client/requestRecorder.ts): what the client judges are built from,
// and nothing else.

export interface RecordedRequest {
  method: string;
  /** The path with its query, as sent (`/events?page[limit]=100`). */
  target: string;
  /** Header names in lower case; a repeated header joined by ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** How many bytes the body had, when more than `body` keeps (one far beyond any documented limit). */
  bodySize?: number;
  /** The emulator's answer; absent when it gave none. */
  status?: number;
  /** The answer's body as sent, where it was text; cut at ANSWER_BODY_LIMIT. */
  answerBody?: string;
  durationMs?: number;
  /** When it arrived and when its answer was sent, in the emulator process's performance.now() milliseconds. */
  arrivedMs?: number;
  answeredMs?: number;
  /** Set when the client closed the connection before a held answer was sent: how long after it arrived. */
  gaveUpAfterMs?: number;
  /** The perturbations that bent its answer (client/perturbations.ts), each with what it did. */
  perturbed?: Array<{ name: string; facts: Record<string, number | string> }>;
}

/** Bodies longer than this are cut in the evidence; the judges read them whole. */
const EXCERPT_BODY_CHARS = 4000;

/**
 * A refusal's body, which says what the platform found wrong ("amount must be a non-negative integer number of
 * cents"); a successful answer's is left out, as it may hold what the client created (a webhook's token).
 */
function refusalOf(request: RecordedRequest, redactor: SecretRedactor): { body: string } | Record<string, never> {
  if ((request.status ?? 0) < 400 || request.answerBody === undefined) return {};
  return { body: redactor.text(request.answerBody.slice(0, EXCERPT_BODY_CHARS)) };
}

/** The request as evidence: credentials masked, a binary or long body cut, so every report shows it and its curl line. */
export function excerptOf(request: RecordedRequest, baseUrl: string, redactor: SecretRedactor): ExchangeExcerpt {
  const textual = !/^(image\/|application\/pdf)/i.test(request.headers['content-type'] ?? '');
  const body =
    request.body.length === 0
      ? undefined
      : textual
        ? redactor.text(request.body.toString('utf8').slice(0, EXCERPT_BODY_CHARS))
        : `<${request.body.length} bytes of ${request.headers['content-type']}>`;
  return {
    request: {
      method: request.method,
      url: `${baseUrl}${request.target}`,
      headers: redactor.headers(request.headers),
      ...(body === undefined ? {} : { body }),
    },
    ...(request.status === undefined
      ? {}
      : { response: { status: request.status, headers: {}, durationMs: request.durationMs ?? 0, ...refusalOf(request, redactor) } }),
  };
}
