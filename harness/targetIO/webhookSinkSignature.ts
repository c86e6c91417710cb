import { createHmac, timingSafeEqual } from 'node:crypto';

// Section 5.3: a delivery to a webhook with a non-empty token carries
// X-Service-Signature = base64(HMAC-SHA1(token, raw body)). The receiver computes
// the same value over the raw bytes it received — never over re-serialised JSON.

export type SignatureVerdict =
  /** Token set, header present and correct. */
  | 'valid'
  /** Token set, header present but not the HMAC-SHA1 of the raw body under that token. */
  | 'invalid'
  /** Token set, no header. */
  | 'missing'
  /** No token (empty), no header. */
  | 'not-signed'
  /** No token (empty), yet a header came. */
  | 'unexpected-header';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function expectedSignature(token: string, rawBody: Buffer | string): string {
  return createHmac('sha1', token).update(rawBody).digest('base64');
}

export function verifySignature(rawBody: Buffer, header: string | undefined, token: string | undefined): SignatureVerdict {
  const signed = token !== undefined && token !== '';
  if (header === undefined) return signed ? 'missing' : 'not-signed';
  if (!signed) return 'unexpected-header';
  const value = header.trim();
  if (!BASE64.test(value)) return 'invalid';
  const expected = createHmac('sha1', token).update(rawBody).digest();
  const received = Buffer.from(value, 'base64');
  // Compare decoded bytes in constant time; a length mismatch is simply invalid.
  return received.length === expected.length && timingSafeEqual(received, expected) ? 'valid' : 'invalid';
}
