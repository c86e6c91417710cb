import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Entry, Har, Header } from 'har-format';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';

// `run --har FILE`: every exchange of the run's API clients as an HTTP Archive 1.2,
// which browser dev tools and HAR viewers open. It holds what the evidence holds:
// tokens redacted, bodies over 4,000 characters cut and binary bodies described,
// each marked in a comment; the whole file passes through the redactor once more.
// Entries are ordered by start time and name their scenario in `comment`.

const BINARY_BODY = /^<(\d+) bytes of (.+)>$/;
const CUT_BODY = /… \((\d+) characters\)$/;
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const headerList = (headers: Record<string, string>): Header[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

interface BodyView {
  size: number;
  text?: string;
  comment?: string;
}

/** What the excerpt says about a body: its text when whole, else its size and why the text is missing. */
function bodyView(body: string | undefined): BodyView {
  if (body === undefined) return { size: 0 };
  const binary = BINARY_BODY.exec(body);
  if (binary) return { size: Number(binary[1]), comment: `binary body (${binary[2]}) not kept` };
  const cut = CUT_BODY.exec(body);
  if (cut) return { size: -1, text: body, comment: `body cut at 4,000 of ${cut[1]} characters` };
  return { size: Buffer.byteLength(body), text: body };
}

function entryOf(journal: JournalEntry): Entry {
  const { request, response, error } = journal.exchange;
  const url = new URL(request.url);
  // The client writes header names in lower case.
  const mimeType = (headers: Record<string, string> | undefined) => headers?.['content-type'] ?? '';
  const sent = bodyView(request.body);
  const received = bodyView(response?.body);
  // The excerpt is redacted; the size the target sent is in its content-length, when it gave one.
  const sentLength = Number(response?.headers['content-length']);
  if (Number.isInteger(sentLength) && sentLength >= 0) received.size = sentLength;
  const time = response?.durationMs ?? 0;
  const comments = [journal.itemId, ...(error ? [`no response: ${error}`] : [])];
  return {
    startedDateTime: journal.startedAt,
    time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body !== undefined
        ? { postData: { mimeType: mimeType(request.headers), text: sent.text ?? '', ...(sent.comment ? { comment: sent.comment } : {}) } }
        : {}),
      headersSize: -1,
      bodySize: sent.size,
    },
    response: {
      status: response?.status ?? 0,
      statusText: response ? (STATUS_TEXT[response.status] ?? '') : '',
      httpVersion: response ? 'HTTP/1.1' : '',
      cookies: [],
      headers: headerList(response?.headers ?? {}),
      content: {
        size: received.size,
        mimeType: mimeType(response?.headers),
        ...(received.text !== undefined ? { text: received.text } : {}),
        ...(received.comment ? { comment: received.comment } : {}),
      },
      redirectURL: response?.headers.location ?? '',
      headersSize: -1,
      bodySize: received.size,
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    comment: comments.join('; '),
  };
}

export function harDocument(entries: readonly JournalEntry[], creatorVersion: string): Har {
  const ordered = [...entries].sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0));
  return {
    log: {
      version: '1.2',
      creator: { name: 'banking-api-conformance', version: creatorVersion },
      entries: ordered.map(entryOf),
      comment: 'Every API exchange of one conformance run; tokens redacted, long bodies cut, binary bodies described.',
    },
  };
}

export function writeHar(file: string, entries: readonly JournalEntry[], creatorVersion: string, redactor: SecretRedactor): string {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${redactor.text(JSON.stringify(harDocument(entries, creatorVersion), null, 2))}\n`);
  return file;
}
