import { createHmac } from 'node:crypto';

// Section 5.3: the signature header (contract/facts/webhookDelivery.ts) = base64(HMAC-SHA1(token, raw request body)).

export function signPayload(token: string, body: Buffer | string, algorithm: 'sha1' | 'sha256' = 'sha1'): string {
  return createHmac(algorithm, token).update(body).digest('base64');
}
