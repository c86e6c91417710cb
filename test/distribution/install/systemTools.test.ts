import { afterEach, expect, test, vi } from 'vitest';
import { missingToolReason } from '../../support/systemTools.ts';

// On a fresh machine (no Chromium, no Docker) `npm test` passes: those tests skip,
// each saying which command installs the tool. Under CI=true, or with the tool's
// variable that .ci/run sets, a missing tool fails them instead.

const REQUIRE = 'BANKING_CONFORMANCE_REQUIRE_TESTTOOL';
afterEach(() => vi.unstubAllEnvs());

test('a tool that is there: nothing to skip', () => {
  vi.stubEnv('CI', 'true');
  expect(missingToolReason('Chromium', undefined, 'apt-get install -y chromium', REQUIRE)).toBeUndefined();
});

test('a missing tool outside CI: skipped, with the install command', () => {
  vi.stubEnv('CI', '');
  vi.stubEnv(REQUIRE, '');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(missingToolReason('Chromium', 'no Chromium at /usr/bin/chromium', 'apt-get install -y chromium', REQUIRE)).toBe(
    'Chromium tests skipped: no Chromium at /usr/bin/chromium; install it with: apt-get install -y chromium',
  );
  expect(warn).toHaveBeenCalledOnce();
});

test("a missing tool under CI=true or the tool's variable: the tests fail", () => {
  vi.stubEnv('CI', 'true');
  expect(() => missingToolReason('Docker', 'the engine does not answer', 'apt-get install -y docker.io', REQUIRE)).toThrow(
    /^CI=true requires the Docker tests, but the engine does not answer \(install it with: apt-get install -y docker.io\)$/,
  );
  vi.stubEnv('CI', '');
  vi.stubEnv(REQUIRE, '1');
  expect(() => missingToolReason('Docker', 'the engine does not answer', 'apt-get install -y docker.io', REQUIRE)).toThrow(
    `${REQUIRE} requires the Docker tests`,
  );
});
