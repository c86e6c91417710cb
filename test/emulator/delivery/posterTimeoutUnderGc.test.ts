import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

// The emulator's delivery time-out fires even when garbage collection runs while
// an endpoint hangs; otherwise that webhook's queue would stall for good (Node
// may collect an AbortSignal.timeout held only by AbortSignal.any, nodejs/node#57736).
// Forcing collection needs --expose-gc, hence a child process.

const script = fileURLToPath(new URL('../../support/posterUnderGc.ts', import.meta.url));

test('a delivery to an endpoint that never answers times out although garbage is collected meanwhile', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', script], { timeout: 20_000 });
  const { result, ms } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { result: { error?: string; stuck?: boolean }; ms: number };
  expect(result).toEqual({ error: 'no response within 200 ms', durationMs: expect.any(Number) });
  expect(ms).toBeLessThan(3000);
});
