import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Targets that are broken or hostile, on an ephemeral loopback port: each
// answers every request the same wrong way.

export type HostileBehaviour = 'static-files' | 'html' | 'empty' | 'invalid-json' | 'redirect-loop' | 'ten-megabytes' | 'endless-body';

const answers: Record<HostileBehaviour, (response: ServerResponse, method: string) => void> = {
  // What `python -m http.server` does: a page for GET, 501 for anything else.
  'static-files': (response, method) => {
    if (method === 'GET')
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!DOCTYPE HTML><html><body><ul><li>index.html</li></ul></body></html>');
    else
      response
        .writeHead(501, { 'content-type': 'text/html' })
        .end(`<!DOCTYPE HTML><html><body><h1>Error response</h1><p>Unsupported method ('${method}')</p></body></html>`);
  },
  html: (response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Welcome to nginx!</body></html>'),
  empty: (response) => response.writeHead(200, { 'content-length': '0' }).end(),
  'invalid-json': (response) =>
    response.writeHead(200, { 'content-type': 'application/vnd.api+json' }).end('{"data": {"id": "1", "type": '),
  'redirect-loop': (response) => response.writeHead(302, { location: '/positive-pay' }).end(),
  'ten-megabytes': (response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.api+json' });
    response.end(`{"data": "${'x'.repeat(10 * 1024 * 1024)}"}`);
  },
  // Headers at once, then a byte a second for ever: no idle time-out ever fires.
  'endless-body': (response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.api+json' });
    response.write('{"data": [');
    const timer = setInterval(() => response.write(' '), 1_000);
    response.on('close', () => clearInterval(timer));
  },
};

export interface HostileTarget {
  url: string;
  close(): Promise<void>;
}

export async function startHostileTarget(behaviour: HostileBehaviour): Promise<HostileTarget> {
  const server: Server = createServer((request, response) => {
    request.resume();
    answers[behaviour](response, request.method ?? 'GET');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A manifest for an implementation that is not an emulator: core only, the token from a variable. */
export function hostileManifest(baseUrl: string): { path: string; tokenEnv: Record<string, string> } {
  const path = join(mkdtempSync(join(tmpdir(), 'bac-hostile-')), 'target.json');
  writeFileSync(
    path,
    JSON.stringify({
      name: 'hostile target',
      baseUrl,
      environment: 'sandbox',
      capabilities: ['core'],
      tokens: [
        { env: 'BAC_HOSTILE_TOKEN', scopes: ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] },
      ],
      fixtures: { accountId: '10001', depositProductId: 'checking-standard' },
    }),
  );
  return { path, tokenEnv: { BAC_HOSTILE_TOKEN: 'hostile-target-token-0123456789' } };
}
