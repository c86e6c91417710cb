import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createEmulator, type Emulator } from '../../emulator/emulator.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { ALL_SCOPES } from '../../harness/targetIO/tokenPool.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { runConformance } from '../../run/runPipeline.ts';

// A run opens the target session once: on a target that mints tokens, a whole run mints
// exactly one full token (every scope), our footprint on a shared sandbox. Counted where
// the tokens are minted, at the emulator, not by standing in for the harness.

let emulator: Emulator;
let reportDir: string;
const fullTokensMinted: string[] = [];
const MINT_PATH = `${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path}`;

beforeAll(async () => {
  emulator = await createEmulator();
  emulator.app.addHook('preHandler', async (request) => {
    if (request.method !== CONTROL_ROUTES.mintToken.method || request.url !== MINT_PATH) return;
    const scopes = (request.body as { scopes?: unknown } | undefined)?.scopes;
    if (Array.isArray(scopes) && ALL_SCOPES.every((scope) => scopes.includes(scope))) fullTokensMinted.push(request.id);
  });
  await emulator.listen();
  reportDir = mkdtempSync(join(tmpdir(), 'one-session-'));
});

afterAll(async () => {
  await emulator?.close();
  rmSync(reportDir, { recursive: true, force: true });
});

test('a whole run against a target that mints tokens mints one full token', async () => {
  const { document } = await runConformance({ baseUrl: emulator.url(), reportDir, seed: 1 }, 'test', {
    say: () => {},
    write: () => {},
    progress: () => ({ tell: () => {}, finish: () => {} }),
    redactor: new SecretRedactor(),
  });
  expect(document.verdict).toBe('conformant');
  expect(document.itemIds.length).toBeGreaterThan(100);
  expect(fullTokensMinted).toHaveLength(1);
}, 300_000);
