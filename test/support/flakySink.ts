import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SeededRandom } from '../../emulator/realism/seededRandom.ts';

// A webhook receiver that fails at random, for durability tests with thousands of
// events (the harness sink keeps every request whole; this keeps counts). Each
// path is one endpoint. A POST is received and its event ids counted first, then
// answered as a seeded draw says: 200, 500, a reset connection, or no answer at all
// (until the sender gives up). The whole sink can be taken down (connections
// refused) and brought back on the same port.

export interface FailureOdds {
  /** Probability of a 500 answer. */
  error: number;
  /** Probability of destroying the connection instead of answering. */
  reset: number;
  /** Probability of never answering. */
  hang: number;
}

export type SinkAnswer = 'ok' | 'error' | 'reset' | 'hang';

export interface EndpointRecord {
  posts: number;
  /** Times each event id arrived. */
  arrivals: Map<string, number>;
  largestBatch: number;
  /** Requests open at once, at most: arrived while another was neither answered nor abandoned by the sender. */
  mostOpen: number;
  answers: Record<SinkAnswer, number>;
  /** Real ms (performance.now) each event id first arrived. */
  firstArrival: Map<string, number>;
}

interface Endpoint {
  record: EndpointRecord;
  odds: FailureOdds;
  /** Every answer waits this long (a slow receiver). */
  delayMs: number;
  open: Set<OpenRequest>;
}

interface OpenRequest {
  /** Answered 'hang': open until the sender gives up and closes the connection. */
  hanging: boolean;
}

// How long after a request arrives a hanging one that was open then must still be open
// to count as overlapping it. A sender that gives up on a request closes its connection
// before it sends the next one, but the close reaches this server's 'close' event an
// event-loop turn or two after the next request may have arrived (seen in CI as a
// false overlap). An overlapping sender keeps the hanging request open for its whole
// time-out (200 ms in the tests), far longer than this.
const ABANDON_GRACE_MS = 20;

const NO_FAILURES: FailureOdds = { error: 0, reset: 0, hang: 0 };

function eventIdsOf(body: Buffer): string[] {
  const data = (JSON.parse(body.toString('utf8')) as { data?: unknown }).data;
  const events = Array.isArray(data) ? data : [data];
  return events.map((event) => String((event as { id?: unknown }).id));
}

export class FlakySink {
  private readonly endpoints = new Map<string, Endpoint>();
  private readonly sockets = new Set<Socket>();
  private readonly random: SeededRandom;
  private readonly server: Server;
  private port = 0;

  private constructor(seed: number) {
    this.random = new SeededRandom(seed);
    this.server = createServer((request, response) => this.receive(request, response));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  static async start(seed: number): Promise<FlakySink> {
    const sink = new FlakySink(seed);
    await sink.listen();
    return sink;
  }

  endpoint(name: string, options: { odds?: FailureOdds; delayMs?: number } = {}): { url: string; record: EndpointRecord } {
    const record: EndpointRecord = {
      posts: 0,
      arrivals: new Map(),
      largestBatch: 0,
      mostOpen: 0,
      answers: { ok: 0, error: 0, reset: 0, hang: 0 },
      firstArrival: new Map(),
    };
    this.endpoints.set(`/${name}`, { record, odds: options.odds ?? NO_FAILURES, delayMs: options.delayMs ?? 0, open: new Set() });
    return { url: `http://127.0.0.1:${this.port}/${name}`, record };
  }

  /** Connections are refused until comeUp(); open ones are cut. */
  async goDown(): Promise<void> {
    const closing = new Promise((resolve) => this.server.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closing;
  }

  async comeUp(): Promise<void> {
    await this.listen(this.port);
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.goDown();
  }

  private listen(port = 0): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  private draw(odds: FailureOdds): SinkAnswer {
    const roll = this.random.fraction();
    if (roll < odds.error) return 'error';
    if (roll < odds.error + odds.reset) return 'reset';
    if (roll < odds.error + odds.reset + odds.hang) return 'hang';
    return 'ok';
  }

  private receive(request: IncomingMessage, response: ServerResponse): void {
    const endpoint = this.endpoints.get(request.url ?? '');
    if (!endpoint) {
      response.writeHead(404).end();
      return;
    }
    const { record } = endpoint;
    this.noteArrival(endpoint);
    const self: OpenRequest = { hanging: false };
    endpoint.open.add(self);
    const settle = () => endpoint.open.delete(self);
    response.once('close', settle);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const ids = eventIdsOf(Buffer.concat(chunks));
      record.posts += 1;
      record.largestBatch = Math.max(record.largestBatch, ids.length);
      const now = performance.now();
      for (const id of ids) {
        record.arrivals.set(id, (record.arrivals.get(id) ?? 0) + 1);
        if (!record.firstArrival.has(id)) record.firstArrival.set(id, now);
      }
      const answer = this.draw(endpoint.odds);
      record.answers[answer] += 1;
      const act = () => {
        if (answer === 'hang') {
          // The sender giving up shows first as the end (or reset) of its connection.
          self.hanging = true;
          request.socket.once('end', settle).once('error', settle).once('close', settle);
          return;
        }
        if (answer === 'reset') {
          settle();
          request.socket.destroy();
          return;
        }
        response.writeHead(answer === 'ok' ? 200 : 500).end();
        settle();
      };
      if (endpoint.delayMs > 0) setTimeout(act, endpoint.delayMs);
      else act();
    });
  }

  /** Counts the requests open as one arrives; a hanging one counts only if it outlives the grace. */
  private noteArrival(endpoint: Endpoint): void {
    const { record } = endpoint;
    const others = [...endpoint.open];
    const answering = others.filter((other) => !other.hanging).length;
    record.mostOpen = Math.max(record.mostOpen, 1 + answering);
    const hanging = others.filter((other) => other.hanging);
    if (hanging.length === 0) return;
    setTimeout(() => {
      const stillOpen = hanging.filter((other) => endpoint.open.has(other)).length;
      record.mostOpen = Math.max(record.mostOpen, 1 + answering + stillOpen);
    }, ABANDON_GRACE_MS);
  }
}
