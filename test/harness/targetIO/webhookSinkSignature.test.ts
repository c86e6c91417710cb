import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { signPayload } from '../../../emulator/delivery/payloadSignature.ts';
import { verifySignature } from '../../../harness/targetIO/webhookSinkSignature.ts';

interface Vector {
  name: string;
  token: string;
  body: string;
  header: string | null;
  verdict: string;
}
const { vectors } = JSON.parse(readFileSync(new URL('../../../fixtures/signing/vectors.json', import.meta.url), 'utf8')) as {
  vectors: Vector[];
};

describe('signature verification against the signing vectors (API 5.3)', () => {
  test.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_, vector) => {
    const verdict = verifySignature(Buffer.from(vector.body, 'utf8'), vector.header ?? undefined, vector.token);
    expect(verdict).toBe(vector.verdict);
  });

  test('the emulator signs every valid vector exactly as the vector says', () => {
    for (const vector of vectors.filter((v) => v.verdict === 'valid')) {
      expect(signPayload(vector.token, Buffer.from(vector.body, 'utf8'))).toBe(vector.header);
    }
  });

  test('a header that is not base64 is invalid, not an exception', () => {
    expect(verifySignature(Buffer.from('{}'), '***', 'secret-token')).toBe('invalid');
    expect(verifySignature(Buffer.from('{}'), '', 'secret-token')).toBe('invalid');
  });
});
