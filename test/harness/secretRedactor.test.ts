import { expect, test } from 'vitest';
import { SecretRedactor } from '../../harness/secretRedactor.ts';

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
