import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventsOf, verifySignature } from '../../examples/reference-receiver/referenceReceiver.ts';

// A receiver that answers at once and processes from a queue later: what one under the
// delivery time-out should do with slow work (6.1 asks only for the answer in time). Each
// event of a verified delivery is queued, and processed `processAfterMs` after the answer;
// processing skips an id already processed unless `dedupes` is false (the faulty one). The
// effects probe counts what was processed, as the reference receiver's does.

export interface QueuedReceiverOptions {
  token: string;
  processAfterMs: number;
  /** False: every queued copy of an event is processed (no idempotence gate). */
  dedupes?: boolean;
}

export interface QueuedReceiver {
  readonly url: string;
  readonly effectsUrl: string;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

const answer = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

export async function startQueuedReceiver(options: QueuedReceiverOptions): Promise<QueuedReceiver> {
  const processed = new Map<string, number>();
  const queued = new Set<NodeJS.Timeout>();

  /** The ids of a verified delivery's events; undefined when its signature does not verify or it is no JSON. */
  function idsOf(raw: Buffer, signature: string | string[] | undefined): string[] | undefined {
    if (!verifySignature(raw, typeof signature === 'string' ? signature : undefined, options.token)) return undefined;
    try {
      return eventsOf(JSON.parse(raw.toString('utf8'))).map((event) => event.id);
    } catch {
      return undefined;
    }
  }

  async function delivery(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const ids = idsOf(await readBody(request), request.headers['x-service-signature']);
    // A refusal is all this receiver says of why: the suite judges only that it refused.
    if (!ids) return answer(response, 401, { error: 'not a verified delivery' });
    answer(response, 200, { queued: ids.length });
    const job = setTimeout(() => {
      queued.delete(job);
      for (const id of ids) if (options.dedupes === false || !processed.has(id)) processed.set(id, (processed.get(id) ?? 0) + 1);
    }, options.processAfterMs);
    queued.add(job);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://receiver');
    if (request.method === 'GET' && url.pathname === '/effects')
      return answer(response, 200, { count: processed.get(url.searchParams.get('eventId') ?? '') ?? 0 });
    delivery(request, response).catch(() => answer(response, 500, { error: 'failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/webhook`,
    effectsUrl: `${base}/effects`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const job of queued) clearTimeout(job);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
