import { expect, test } from 'vitest';
import { SecretRedactor } from '../../../harness/records/secretRedactor.ts';

// A webhook signing token a scenario made up is masked where it was sent (a
// `token` member of a body) and, from then on, wherever else it shows up: a check
// message quoting it, a value observed. Short values are masked where they stand
// but not learned, so that a common word is not masked everywhere.

test('a token member, once masked, is masked everywhere after', () => {
  const redactor = new SecretRedactor();
  expect(redactor.text('{"data":{"attributes":{"token":"tok-AbCdEf0123456789"}}}')).toBe('{"data":{"attributes":{"token":"[redacted]"}}}');
  expect(redactor.text('PATCH token="tok-AbCdEf0123456789" answered 200')).toBe('PATCH token="[redacted]" answered 200');
  expect(redactor.text('{"token":"short"}')).toBe('{"token":"[redacted]"}');
  expect(redactor.text('a short story')).toBe('a short story');
});
