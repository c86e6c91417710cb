import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { runEmulatorProcess } from './emulatorProcess.ts';

// A port something else listens on (another emulator on the default port, most
// often) is answered in one line saying what to do, exit 2.

test('a taken port is refused in one line naming it', async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const result = await runEmulatorProcess(['--port', String(port)]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `banking-api-emulator: port ${port} of 127.0.0.1 is taken (another emulator?): give --port N, or --port 0 for a free one\n`,
    );
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
