import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// Prism's validating proxy (@stoplight/prism-cli) in front of a target, on loopback:
// it forwards every request and logs each response that does not match the OpenAPI
// document as a "Violation". The emulator's control endpoints (/_emulator/...) are
// no part of the API, so a small router sends them straight to the emulator and
// everything else through Prism.

const PRISM_CLI = join(PROJECT_ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js');

export interface PrismProxy {
  /** Where clients go: control paths to the target, API paths through Prism. */
  readonly url: string;
  /** Prism's log lines that report a violation. */
  violations(): string[];
  /** How many requests Prism forwarded (and so validated the response of). */
  forwarded(): number;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function forwardingRouter(prismUrl: string, targetUrl: string, controlPrefix: string): Server {
  return createHttpServer((incoming, outgoing) => {
    const base = incoming.url?.startsWith(controlPrefix) ? targetUrl : prismUrl;
    const upstream = httpRequest(`${base}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on('error', (error) => {
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`router: ${error.message}`);
    });
    incoming.pipe(upstream);
  });
}

async function waitFor(text: () => string, pattern: RegExp, what: string, child: ChildProcess): Promise<void> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (pattern.test(text())) return;
    if (child.exitCode !== null) throw new Error(`${what} exited ${child.exitCode}: ${text().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start within 60 s: ${text().slice(-2000)}`);
}

export async function startPrismProxy(
  document: object,
  targetUrl: string,
  scratchDir: string,
  controlPrefix = '/_emulator',
): Promise<PrismProxy> {
  const documentFile = join(scratchDir, 'openapi.json');
  writeFileSync(documentFile, JSON.stringify(document));
  const port = await freePort();
  // Requests are not validated: negative scenarios send invalid ones on purpose.
  const prism = spawn(
    process.execPath,
    [
      PRISM_CLI,
      'proxy',
      documentFile,
      targetUrl,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--validate-request',
      'false',
      '--errors',
      'false',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  prism.stdout?.on('data', (chunk) => (log += chunk));
  prism.stderr?.on('data', (chunk) => (log += chunk));
  await waitFor(() => log, /Prism is listening/, 'prism proxy', prism);
  const router = forwardingRouter(`http://127.0.0.1:${port}`, targetUrl.replace(/\/+$/, ''), controlPrefix);
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(router.address() as AddressInfo).port}`,
    violations: () => log.split('\n').filter((line) => /violation/i.test(line)),
    forwarded: () => log.split('\n').filter((line) => /Forwarding "/.test(line)).length,
    async close() {
      await new Promise((resolve) => router.close(resolve));
      prism.kill();
      if (prism.exitCode === null) await new Promise((resolve) => prism.once('exit', resolve));
    },
  };
}
