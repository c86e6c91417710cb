import type { MalformedRequest } from './requestArbitraries.ts';

// What a bad request must get back: never a 5xx, never a reset or a hang, and a
// 4xx that is a JSON:API error document saying what is wrong. Each error object
// has status (the answer's), title and detail, and names what is at fault:
// - a member or header: source.pointer, source.parameter or source.header
//   (401/403 name the Authorization header, 415 the Content-Type header, 413 the
//   body or its Content-Length);
// - the request target, where no member is at fault (a malformed path, an
//   unknown path or id, a path segment too long, an unknown method): the detail
//   quotes the path, the id or the method;
// - the state of the emulator (409 conflicts, 429, time-outs, oversized header
//   blocks): a detail is enough.

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export type Outcome = { answer: Answer } | { error: { code: string; message: string } };

const HEADER_NAMED: Record<number, string> = { 401: 'authorization', 403: 'authorization', 415: 'content-type' };
const SOURCE_NAMED = new Set([413]);
const STATE_ONLY = new Set([408, 409, 429, 431]);

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Strings an error about the request target may quote. */
function targetQuotes(request: MalformedRequest): string[] {
  const pathname = request.url.split('?')[0]!;
  const segments = pathname.split('/').slice(1).map(safeDecode);
  const bare = [request.method, pathname, safeDecode(pathname), ...segments].filter(
    (candidate) => candidate.length > 0 && candidate !== '/',
  );
  // An id may also be quoted as '<id>', which is how an empty one (a path like /events/) shows.
  return [...bare, ...segments.map((segment) => `'${segment}'`)];
}

function namesWhat(error: Record<string, unknown>, status: number, request: MalformedRequest): string | undefined {
  const source = (error.source ?? {}) as Record<string, unknown>;
  const named = ['pointer', 'parameter', 'header'].some((member) => typeof source[member] === 'string');
  const header = HEADER_NAMED[status];
  if (header)
    return String(source.header ?? '').toLowerCase() === header ? undefined : `a ${status} must name header ${header} in source.header`;
  if (SOURCE_NAMED.has(status)) return named ? undefined : `a ${status} must name the body or header in source`;
  if (STATE_ONLY.has(status) || named) return undefined;
  const detail = String(error.detail);
  return targetQuotes(request).some((quote) => detail.includes(quote))
    ? undefined
    : `a ${status} without source must quote the path, id or method in its detail`;
}

function judgeErrorDocument(answer: Answer, request: MalformedRequest): string | undefined {
  if (!answer.contentType.startsWith('application/vnd.api+json')) return `a ${answer.status} answered Content-Type '${answer.contentType}'`;
  if (request.method === 'HEAD') return undefined;
  let document: unknown;
  try {
    document = JSON.parse(answer.text);
  } catch {
    return `a ${answer.status} answered a body that is not JSON`;
  }
  const errors = (document as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return `a ${answer.status} answered no errors array`;
  for (const error of errors as Array<Record<string, unknown>>) {
    if (error.status !== String(answer.status)) return `an error object has status ${JSON.stringify(error.status)} in a ${answer.status}`;
    if (typeof error.title !== 'string' || error.title === '') return 'an error object has no title';
    if (typeof error.detail !== 'string' || error.detail === '') return 'an error object has no detail';
    const unnamed = namesWhat(error, answer.status, request);
    if (unnamed) return unnamed;
  }
  return undefined;
}

/** Undefined when the answer is acceptable; otherwise what is wrong with it. */
export function judgeOutcome(request: MalformedRequest, outcome: Outcome): string | undefined {
  if ('error' in outcome) {
    const hang = outcome.error.code === 'UND_ERR_HEADERS_TIMEOUT' || outcome.error.code === 'UND_ERR_BODY_TIMEOUT';
    return `${hang ? 'hang' : 'reset'}: ${outcome.error.code} ${outcome.error.message}`;
  }
  const { answer } = outcome;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status >= 400) return judgeErrorDocument(answer, request);
  return undefined;
}
