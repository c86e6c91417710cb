import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import type { RecordedRequest } from '../../client/recordedRequest.ts';
import { type AnswerBender, type BentAnswer, RequestRecorder } from '../../client/requestRecorder.ts';
import { tooManyRequests } from '../../emulator/realism/rateLimit.ts';

// The client command's recorder sits inside the embedded emulator's own server
// (emulator/core/exchangeHooks.ts): the client calls the emulator itself, and each request is kept
// as it was sent — body bytes included, whether a route read them or not — with the emulator's
// answer; the suite's own calls are not kept; a bender's answer instead, or its hold, bends it.

const TOKEN = 'recorder-test-client-token';
const SUITE_TOKEN = 'recorder-test-suite-token';
const JSON_API = 'application/vnd.api+json';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function recorded(options: ConstructorParameters<typeof RequestRecorder>[0] = {}) {
  const recorder = new RequestRecorder({ unrecordedToken: SUITE_TOKEN, ...options });
  emulator = await startEmulator({ tokens: [{ value: TOKEN }, { value: SUITE_TOKEN }], exchanges: recorder });
  return { recorder, url: emulator.url(), accountId: emulator.state.fixtures.accountId };
}

const bearer = (token = TOKEN) => ({ authorization: `Bearer ${token}` });

describe('recording inside the emulator', () => {
  test('a request is kept as sent: method, path and query, headers, body bytes; with the status answered and when', async () => {
    const { recorder, url } = await recorded();
    const body = '{"data":{"type":"positivePayPolicy","attributes":{"optInTypes":["CheckPayment"]}}, "extra": "é"}';
    const answer = await fetch(`${url}/positive-pay-policy?x=1`, {
      method: 'POST',
      headers: { ...bearer(), 'content-type': JSON_API, 'x-repeated': 'a' },
      body,
    });
    await answer.arrayBuffer();
    const [kept, ...more] = recorder.requests();
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      method: 'POST',
      target: '/positive-pay-policy?x=1',
      status: answer.status,
      bodySize: Buffer.byteLength(body),
    });
    expect(kept!.headers).toMatchObject({ 'content-type': JSON_API, 'x-repeated': 'a', authorization: `Bearer ${TOKEN}` });
    expect(kept!.body.toString('utf8')).toBe(body);
    expect(kept!.answeredMs).toBeGreaterThanOrEqual(kept!.arrivedMs!);
    expect(kept!.durationMs).toBeGreaterThanOrEqual(0);
  });

  test('a malformed body, a refused media type and a body too large are kept, answered by the emulator as ever, and nothing crashes', async () => {
    const { recorder, url } = await recorded();
    const sent = [
      { headers: { 'content-type': JSON_API }, body: '{"data": {"type": ' },
      { headers: { 'content-type': 'text/plain' }, body: 'amount=12.50' },
      { headers: { 'content-type': JSON_API }, body: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}` },
      { headers: { 'content-type': JSON_API }, body: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
    ];
    const statuses: number[] = [];
    for (const { headers, body } of sent) {
      const answer = await fetch(`${url}/positive-pay`, { method: 'POST', headers: { ...bearer(), ...headers }, body });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    expect(statuses.map((status) => status >= 400 && status < 500)).toEqual([true, true, true, true]);
    const kept = recorder.requests();
    expect(kept.map((request) => request.status)).toEqual(statuses);
    expect(kept[0]!.body.toString()).toBe(sent[0]!.body);
    expect(kept[1]!.body.toString()).toBe(sent[1]!.body);
    // Refused on its Content-Length before it was read: its size is still what was sent.
    expect(kept[2]!.bodySize).toBe(Buffer.byteLength(sent[2]!.body as string));
    expect(kept[3]!.body).toEqual(sent[3]!.body);
    // The emulator still answers.
    expect((await fetch(`${url}/webhooks`, { headers: bearer() })).status).toBe(200);
  });

  test("the suite's own calls are not the client's: its token, app.inject, anything after stop()", async () => {
    const { recorder, url } = await recorded({ passedThrough: '/_emulator/tokens' });
    await (await fetch(`${url}/webhooks`, { headers: bearer(SUITE_TOKEN) })).arrayBuffer();
    await (
      await fetch(`${url}/_emulator/tokens`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).arrayBuffer();
    expect((await emulator!.app.inject({ method: 'GET', url: '/webhooks', headers: bearer() })).statusCode).toBe(200);
    await (await fetch(`${url}/webhooks?page[limit]=5`, { headers: bearer() })).arrayBuffer();
    recorder.stop();
    await (await fetch(`${url}/webhooks`, { headers: bearer() })).arrayBuffer();
    expect(recorder.requests().map((request) => `${request.method} ${request.target}`)).toEqual(['GET /webhooks?page[limit]=5']);
  });
});

/** Bends what it is told to, and says what it saw. */
class StubBender implements AnswerBender {
  spent = false;
  answeredStatuses: number[] = [];
  constructor(
    private readonly instead: BentAnswer | undefined,
    private readonly hold: number,
  ) {}
  before = (request: RecordedRequest) => (request.method === 'POST' && this.instead ? Promise.resolve(this.instead) : undefined);
  answered = (request: RecordedRequest) => void this.answeredStatuses.push(request.status!);
  holdMs = () => this.hold;
}

describe('bending from inside the emulator', () => {
  test('an answer instead of the emulator’s comes before authentication, once the body is read whole', async () => {
    const bender = new StubBender({ status: 429, headers: { 'retry-after': '2' }, errors: [tooManyRequests(2)], busyAfterMs: 0 }, 0);
    const { recorder, url } = await recorded({ bend: bender });
    const body = JSON.stringify({ pad: 'y'.repeat(300_000) });
    const answer = await fetch(`${url}/positive-pay`, { method: 'POST', headers: { 'content-type': JSON_API }, body });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('2');
    const [kept] = recorder.requests();
    expect(kept!.status).toBe(429);
    expect(kept!.body.toString()).toBe(body);
    // Not the emulator's answer: the bender is not told it was answered.
    expect(bender.answeredStatuses).toEqual([]);
  });

  test('a held answer the client gives up on says when it gave up; the emulator goes on answering', async () => {
    const bender = new StubBender(undefined, 3_000);
    const { recorder, url } = await recorded({ bend: bender });
    await new Promise<void>((resolve) => {
      const call = httpRequest(`${url}/webhooks`, { method: 'GET', headers: bearer() });
      call.on('error', () => resolve());
      call.end();
      setTimeout(() => {
        call.destroy();
        resolve();
      }, 200);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [kept] = recorder.requests();
    expect(kept!.status).toBe(200);
    expect(kept!.gaveUpAfterMs).toBeGreaterThan(0);
    expect(kept!.answeredMs).toBeUndefined();
    expect(bender.answeredStatuses).toEqual([200]);
    bender.spent = true;
    expect((await fetch(`${url}/webhooks`, { headers: bearer() })).status).toBe(200);
  });
});
