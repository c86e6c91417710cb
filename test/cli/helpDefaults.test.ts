import { expect, test } from 'vitest';
import { AREAS } from '../../harness/engine/scenario.ts';
import { AUTO_CEILING, AUTO_START, LOOPBACK_CONCURRENCY, NEAR_CALL_MS } from '../../harness/targetIO/concurrency.ts';
import { runCli } from './cliProcess.ts';

// `run --help` states the defaults the code uses: they are read from the code, never retyped.

test('run --help names every area and the concurrency defaults run/concurrency.ts applies', async () => {
  const help = await runCli(['run', '--help']);
  expect(help.code).toBe(0);
  const text = help.stdout.replace(/\s+/g, ' ');
  expect(text).toContain(`comma-separated areas: ${AREAS.join(', ')}`);
  expect(text).toContain(
    `default ${LOOPBACK_CONCURRENCY} for a target that answers within ${NEAR_CALL_MS} ms, auto for a farther one whatever its address`,
  );
  expect(text).toContain(`auto starts at ${AUTO_START},`);
  expect(text).toContain(`up to ${AUTO_CEILING} or the manifest's rateLimit.concurrency`);
});
