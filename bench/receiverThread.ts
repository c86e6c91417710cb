import { Worker } from 'node:worker_threads';

// The local receiver of the delivery benchmarks, in a thread of its own: a real
// receiver is another process, and in the emulator's thread its reading and parsing
// of every body would be counted against the emulator (about a third of the
// AtLeastOnce delivery time). It answers 200 at once and counts the events each body carries.

const RECEIVER = `
const { parentPort } = require('node:worker_threads');
const { createServer } = require('node:http');
let received = 0;
let expected = Infinity;
let lastBody = Buffer.alloc(0);
let lastEvents = 0;
const server = createServer((incoming, response) => {
  const chunks = [];
  incoming.on('data', (chunk) => chunks.push(chunk));
  incoming.on('end', () => {
    lastBody = Buffer.concat(chunks);
    const document = JSON.parse(lastBody.toString('utf8'));
    const events = document.data ?? document.events;
    lastEvents = Array.isArray(events) ? events.length : 1;
    received += lastEvents;
    response.writeHead(200).end();
    if (received >= expected) {
      expected = Infinity;
      parentPort.postMessage({ kind: 'arrived', received });
    }
  });
});
parentPort.on('message', (message) => {
  if (message.kind === 'expect') {
    received = 0;
    expected = message.count;
    parentPort.postMessage({ kind: 'expecting' });
  } else if (message.kind === 'last') {
    parentPort.postMessage({ kind: 'last', body: lastBody, events: lastEvents });
  } else if (message.kind === 'close') {
    server.closeAllConnections();
    server.close(() => parentPort.close());
  }
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ kind: 'listening', port: server.address().port }));
`;

type Message =
  | { kind: 'listening'; port: number }
  | { kind: 'arrived'; received: number }
  | { kind: 'expecting' }
  | { kind: 'last'; body: Uint8Array; events: number };

export class ReceiverThread {
  private constructor(
    private readonly worker: Worker,
    readonly url: string,
  ) {}

  static async start(): Promise<ReceiverThread> {
    const worker = new Worker(RECEIVER, { eval: true });
    const { port } = await ReceiverThread.next(worker, 'listening');
    return new ReceiverThread(worker, `http://127.0.0.1:${port}/hook`);
  }

  private static next<K extends Message['kind']>(worker: Worker, kind: K, timeoutMs = 120_000): Promise<Extract<Message, { kind: K }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the receiver thread sent no '${kind}' within ${timeoutMs / 1000} s`)), timeoutMs);
      const listen = (message: Message) => {
        if (message.kind !== kind) return;
        clearTimeout(timer);
        worker.off('message', listen);
        resolve(message as Extract<Message, { kind: K }>);
      };
      worker.on('message', listen);
    });
  }

  /** From now on counts events from 0; the promise settles when `count` have arrived (at most 120 s). */
  async expect(count: number, what: string): Promise<{ arrived: Promise<void> }> {
    const arrived = ReceiverThread.next(this.worker, 'arrived').then(
      () => undefined,
      () => {
        throw new Error(`${what}: not all ${count} events arrived within 120 s`);
      },
    );
    arrived.catch(() => undefined);
    this.worker.postMessage({ kind: 'expect', count });
    await ReceiverThread.next(this.worker, 'expecting');
    return { arrived };
  }

  /** The last body received and how many events it carried: the bare loops send the same bytes. */
  async lastBody(): Promise<{ body: Buffer; events: number }> {
    this.worker.postMessage({ kind: 'last' });
    const last = await ReceiverThread.next(this.worker, 'last');
    return { body: Buffer.from(last.body), events: last.events };
  }

  async close(): Promise<void> {
    this.worker.postMessage({ kind: 'close' });
    await new Promise((resolve) => this.worker.once('exit', resolve));
  }
}
