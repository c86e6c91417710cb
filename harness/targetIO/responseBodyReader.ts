import type { Readable } from 'node:stream';

// Reads a response body without trusting the target: at most `limit` bytes are
// kept, and what lies beyond is discarded unread, so a 10 MB (or endless)
// answer cannot fill the harness's memory. How long reading may take is the
// caller's deadline (an AbortSignal on the request), not this reader's.

/** The largest response body the harness keeps; documented responses are far smaller. */
export const RESPONSE_BODY_LIMIT = 5 * 1024 * 1024;

export interface BodyRead {
  body: Buffer;
  /** Set when the target sent more than the limit: the body is its first `limit` bytes. */
  cutAtBytes?: number;
}

export async function readCappedBody(stream: Readable, limit: number = RESPONSE_BODY_LIMIT): Promise<BodyRead> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    if (size + buffer.length > limit) {
      chunks.push(buffer.subarray(0, limit - size));
      stream.destroy();
      return { body: Buffer.concat(chunks), cutAtBytes: limit };
    }
    chunks.push(buffer);
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks) };
}
