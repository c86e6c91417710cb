import { Agent, request } from 'undici';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { parseDeliveryPayload } from '../contract/catalogue/deliveryPayload.ts';
import { acceptedCodings, readDecodedBody } from '../harness/targetIO/contentCoding.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';

// One delivery POST to the receiver and what it answered: the status, how long it
// took, the start of its body. Every delivery the receiver gets passes through
// here, the sandbox's (relayed by the recording proxy) and the crafted ones, so
// both are judged from the same record.

export interface AnsweredDelivery {
  /** Ids of the events the body carried, in order (a repeated id appears twice). */
  eventIds: string[];
  /** Undefined when the receiver gave no answer (refused, dropped, too slow). */
  status?: number;
  /** From the first byte sent to the answer's headers, or to the failure. */
  durationMs: number;
  error?: string;
  exchange: ExchangeExcerpt;
}

const BODY_EXCERPT = 2000;
const ANSWER_BODY_LIMIT = 64 * 1024;
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

const agent = new Agent({ keepAliveTimeout: 2000, connections: 64 });

function excerpt(text: string): string {
  return text.length > BODY_EXCERPT ? `${text.slice(0, BODY_EXCERPT)}… (${text.length} characters)` : text;
}

/** Headers to send on: what the sender sent, less what belongs to its own connection. */
export function forwardedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name.toLowerCase())) continue;
    result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return result;
}

/**
 * POSTs `body` to the receiver and waits at most `waitMs` for its answer. Never
 * throws: a refused connection or a time-out is an answer without a status.
 */
export async function postDelivery(
  url: string,
  body: Buffer,
  headers: Record<string, string>,
  options: { waitMs: number; redactor: SecretRedactor; signal?: AbortSignal },
): Promise<AnsweredDelivery & { answerHeaders?: Record<string, string>; answerBody?: Buffer }> {
  const eventIds = parseDeliveryPayload(body).events.map((event) => event.id);
  // The receiver's answer is decoded here whatever the sender accepts, so the codings said are the suite's.
  const sent = { ...headers, ...acceptedCodings() };
  const exchange: ExchangeExcerpt = {
    request: {
      method: 'POST',
      url,
      headers: options.redactor.headers(sent),
      body: options.redactor.text(excerpt(body.toString('utf8'))),
    },
  };
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), options.waitMs);
  const stop = () => abort.abort();
  options.signal?.addEventListener('abort', stop);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const answer = await request(url, { method: 'POST', body, headers: sent, dispatcher: agent, signal: abort.signal });
    const durationMs = elapsed();
    const read = await readDecodedBody(answer, ANSWER_BODY_LIMIT);
    // The answer's body is handed on decoded, so its Content-Encoding is not.
    const { 'content-encoding': coding, ...answerHeaders } = forwardedHeaders(answer.headers);
    exchange.response = {
      status: answer.statusCode,
      headers: options.redactor.headers(coding === undefined ? answerHeaders : { ...answerHeaders, 'content-encoding': coding }),
      body: options.redactor.text(excerpt(read.problem ?? read.body.toString('utf8'))),
      durationMs,
    };
    return { eventIds, status: answer.statusCode, durationMs, exchange, answerHeaders, answerBody: read.body };
  } catch (error) {
    const reason = abort.signal.aborted
      ? `no answer within ${options.waitMs} ms`
      : `${(error as NodeJS.ErrnoException).code ?? ''} ${(error as Error).message}`.trim();
    exchange.error = reason;
    return { eventIds, durationMs: elapsed(), error: reason, exchange };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

/** "answered 202", "gave no answer (no answer within 10000 ms)" — for check messages. */
export const describeAnswer = (answer: AnsweredDelivery): string =>
  answer.status !== undefined ? `answered ${answer.status}` : `gave no answer (${answer.error ?? 'unknown'})`;

export const isAccepted = (answer: AnsweredDelivery): boolean => answer.status !== undefined && answer.status >= 200 && answer.status < 300;
