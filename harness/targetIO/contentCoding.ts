import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib';
import { readCappedBody, RESPONSE_BODY_LIMIT } from './responseBodyReader.ts';

// Every request the suite sends says which content codings it accepts (RFC 9110 12.5.3:
// without Accept-Encoding "any content coding is considered acceptable", so a target, or a
// gateway in front of it, may code its answers as it likes), and every answer coded in one
// of them is decoded before anything reads it. undici's `request` decodes nothing. What
// the suite judges is the decoded body; the coding stays in the exchange's headers. A body
// labelled with a coding it does not decode under is a malformed answer, said as such,
// never a crash.

/** The codings the suite decodes, as every request it sends states them. */
export const ACCEPTED_CODINGS = 'gzip, deflate, br';

/** The Accept-Encoding header every request of the suite carries. */
export const acceptedCodings = (): Record<string, string> => ({ 'accept-encoding': ACCEPTED_CODINGS });

export interface DecodedBody {
  /** The body as the content codings left it: the bytes that are judged. The raw bytes when it did not decode. */
  body: Buffer;
  /** The codings named by Content-Encoding, in the order they were applied; empty for an uncoded body. */
  codings: string[];
  /** Why the body is not what its Content-Encoding says it is; undefined when it decoded (or was not coded). */
  problem?: string;
}

type Decoder = (coded: Buffer, options: ZlibOptions) => Buffer;

/** Deflate as RFC 9110 8.4.1.2 names it is zlib-wrapped; some servers send the raw stream, which is read too. */
const inflateEither: Decoder = (coded, options) => {
  try {
    return inflateSync(coded, options);
  } catch {
    return inflateRawSync(coded, options);
  }
};

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateEither,
  br: (coded, options) => brotliDecompressSync(coded, options),
};

/** The codings a Content-Encoding value names, in the order they were applied; identity names none. */
export function codingsOf(contentEncoding: string | undefined): string[] {
  return (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** Undoes the codings of `contentEncoding`, last applied first; at most `limit` bytes come out. */
export function decodeBody(raw: Buffer, contentEncoding: string | undefined, limit: number = RESPONSE_BODY_LIMIT): DecodedBody {
  const codings = codingsOf(contentEncoding);
  // An empty body carries nothing to decode (a 204, a HEAD), whatever it is labelled.
  if (codings.length === 0 || raw.length === 0) return { body: raw, codings };
  let body = raw;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder)
      return {
        body: raw,
        codings,
        problem: `the body is labelled Content-Encoding ${coding}, which the request did not accept (${ACCEPTED_CODINGS})`,
      };
    try {
      body = decoder(body, { maxOutputLength: limit });
    } catch (error) {
      const tooLarge = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError;
      return {
        body: raw,
        codings,
        problem: tooLarge
          ? `the body labelled Content-Encoding ${coding} decodes to more than ${limit} bytes, which the harness did not read`
          : `the body is labelled Content-Encoding ${coding} but does not decode as ${coding} (${(error as Error).message})`,
      };
    }
  }
  return { body, codings };
}

/** An answer's body read within `limit` bytes and decoded: what the suite's smaller readers (control, probes) judge. */
export async function readDecodedBody(
  answer: { headers: Record<string, string | string[] | undefined>; body: Readable },
  limit: number,
): Promise<DecodedBody & { cutAtBytes?: number }> {
  const read = await readCappedBody(answer.body, limit);
  const header = answer.headers['content-encoding'];
  const decoded = decodeBody(read.body, Array.isArray(header) ? header.join(', ') : header, limit);
  return read.cutAtBytes === undefined ? decoded : { ...decoded, cutAtBytes: read.cutAtBytes };
}
