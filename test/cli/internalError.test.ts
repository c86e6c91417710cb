import { existsSync, readFileSync, rmSync } from 'node:fs';
import { expect, test } from 'vitest';
import { exitForFailure } from '../../cli/failureExit.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';

// An unexpected error (a bug of the suite) ends in exit 2 and one line that
// says what happened and which file holds the stack trace, redacted like every
// report.

test('an internal error prints one line naming the file with its details', () => {
  const token = 'planted-token-for-the-crash-file-7f3a';
  const redactor = new SecretRedactor();
  redactor.add(token);
  const lines: string[] = [];
  const error = new Error(`the reporter broke while holding ${token}`, { cause: new TypeError('x is undefined') });

  const code = exitForFailure(error, (line) => lines.push(line), redactor);

  expect(code).toBe(2);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^banking-api-conformance: internal error .*the reporter broke/);
  expect(lines[0]).not.toContain(token);
  expect(lines[0]).not.toMatch(/\n\s+at /);
  const path = /details in (\S+)$/.exec(lines[0]!)?.[1];
  expect(path && existsSync(path)).toBeTruthy();
  const details = readFileSync(path!, 'utf8');
  expect(details).toMatch(/at .*internalError\.test\.ts/);
  expect(details).toMatch(/caused by: TypeError: x is undefined/);
  expect(details).not.toContain(token);
  rmSync(path!);
});
