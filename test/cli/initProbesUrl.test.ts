import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { initCommand } from '../../cli/initCommand.ts';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import { SetupError } from '../../harness/records/setupError.ts';

// `init --kind emulator --base-url URL` asks that URL whether an emulator answers, and advises
// for that URL: the next command when one runs there, the command that starts one on its port
// when nothing does, and a refusal when something else answers there.

const dir = mkdtempSync(join(tmpdir(), 'bac-init-probe-'));
let emulator: Emulator;
let notAnEmulator: Server;
let silentUrl: string;

const listening = (server: Server): Promise<string> =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));

beforeAll(async () => {
  emulator = await startEmulator();
  notAnEmulator = createServer((_request, response) => response.writeHead(404).end('not found'));
  // A port nothing listens on: taken from the system, then given back.
  const closed = createServer();
  silentUrl = await listening(closed);
  await new Promise((resolve) => closed.close(resolve));
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => notAnEmulator.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function init(baseUrl: string, output: string): Promise<string[]> {
  const lines: string[] = [];
  expect(await initCommand({ kind: 'emulator', yes: true, baseUrl, output: join(dir, output) }, (text) => lines.push(text))).toBe(0);
  return lines;
}

describe('init --kind emulator probes the URL it is given', () => {
  test('an emulator answers there: the next command, nothing to start', async () => {
    const lines = await init(emulator.url(), 'running.json');
    expect(lines).toContain(`An emulator answers at ${emulator.url()}.`);
    expect(lines.at(-1)).toBe(`Next: npx banking-api-conformance run --target ${join(dir, 'running.json')}`);
    expect(lines.join('\n')).not.toMatch(/banking-api-emulator/);
  });

  test("nothing answers there: start one on that URL's port, and the run waits for it", async () => {
    const port = new URL(silentUrl).port;
    const lines = await init(silentUrl, 'silent.json');
    expect(lines).toContain(
      `Nothing answers at ${silentUrl} yet: start the emulator there first (npx banking-api-emulator --port ${port}).`,
    );
    expect(lines.at(-1)).toBe(`Next: npx banking-api-conformance run --target ${join(dir, 'silent.json')} --wait-for-target 30`);
    expect(port).not.toBe('8080');
  });

  test('something else answers there: refused in one line, no manifest written', async () => {
    const url = await listening(notAnEmulator);
    const output = join(dir, 'other.json');
    const refusal = initCommand({ kind: 'emulator', yes: true, baseUrl: url, output }, () => {});
    await expect(refusal).rejects.toThrow(SetupError);
    await expect(refusal).rejects.toThrow(/^init --kind emulator: .*answered 404.*; for another API use --kind sandbox$/);
    expect(existsSync(output)).toBe(false);
  });
});
