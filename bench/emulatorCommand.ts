import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The emulator's own command (bin/banking-api-emulator.mjs), as a user starts it, for the benches of
// the client command (bench/clientRun.bench.ts, bench/clientTarget.bench.ts): a process of its own,
// so that what a bench times beside it is not shared with its heap. Its tokens file is written in
// `scratch`, which the bench removes.

const root = fileURLToPath(new URL('..', import.meta.url));

/** The emulator's own command on a free loopback port, accepting `token`: its base URL and fixture account, and how to stop it. */
export async function emulatorCommand(token: string, scratch: string): Promise<{ url: string; accountId: string; stop(): Promise<void> }> {
  const tokensFile = join(scratch, 'tokens.json');
  writeFileSync(tokensFile, JSON.stringify([{ value: token }]));
  const child = spawn(process.execPath, ['bin/banking-api-emulator.mjs', '--port', '0', '--tokens-file', tokensFile], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    url ??= / listening on (http:\/\/\S+)/.exec(line)?.[1];
    const accountId = /fixtures: .*, account (\S+)/.exec(line)?.[1];
    if (url && accountId) return { url, accountId, stop };
  }
  await stop();
  throw new Error(`bin/banking-api-emulator.mjs exited before it said where it listens (exit ${child.exitCode})`);
}
