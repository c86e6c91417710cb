import { expect, test } from 'vitest';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

test('known secrets, Authorization headers and webhook token members never survive redaction', () => {
  const redactor = new SecretRedactor();
  redactor.add('emu_secret_value_123');
  expect(redactor.text('x emu_secret_value_123 y')).toBe('x [redacted] y');
  expect(redactor.headers({ Authorization: 'Bearer abc' }).Authorization).toBe('Bearer [redacted]');
  // A credential sent without a scheme (the non-Bearer probe) is masked whole.
  expect(redactor.headers({ authorization: 'rawtokenvalue' }).authorization).toBe('[redacted]');
  expect(redactor.headers({ authorization: 'Basic dXNlcjpwYXNz' }).authorization).toBe('Basic [redacted]');
  expect(redactor.text('{"token":"s3cr3t","token2":"","label":"a"}')).toBe('{"token":"[redacted]","token2":"","label":"a"}');
  expect(redactor.text('{"token":""}')).toBe('{"token":""}');
});

test('with hundreds of secrets (a run learns a signing token per webhook) every one is masked wherever it occurs, a longer one whole', () => {
  const redactor = new SecretRedactor();
  const secrets = Array.from({ length: 300 }, (_, index) => `tok-${String(index).padStart(4, '0')}-signing-secret`);
  for (const secret of secrets) redactor.add(secret);
  redactor.add('tok-0007-signing-secret-and-more');
  const text = `a ${secrets[0]} b ${secrets[299]}${secrets[150]} c tok-0007-signing-secret-and-more d ${secrets[0]}`;
  expect(redactor.text(text)).toBe('a [redacted] b [redacted][redacted] c [redacted] d [redacted]');
  expect(redactor.text('tok-0007-signing-secre')).toBe('tok-0007-signing-secre');
  // Learned from a token member, then found in another text.
  expect(redactor.text('{"token":"learned-signing-token-1"}')).toBe('{"token":"[redacted]"}');
  expect(redactor.text('quoted learned-signing-token-1 here')).toBe('quoted [redacted] here');
});
