import { afterEach, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { RequestRecorder } from '../../client/requestRecorder.ts';
import { judgeClientRequests } from '../../client/requestJudge.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';

// A failure shows the platform's own answer as evidence (issue 49, item 6): where the emulator
// refused the client's request, its error document (which says what is wrong) is the exchange's
// response body, with no plan bending anything; an answer that made something is left out, as
// it may hold what the client created (a webhook's token).

const TOKEN = 'refusal-evidence-client-token';
let emulator: Emulator | undefined;
afterEach(() => emulator?.close());

test("a refused create's evidence carries the emulator's error document; a made one's carries no body", async () => {
  const recorder = new RequestRecorder();
  emulator = await startEmulator({ tokens: [{ value: TOKEN }], exchanges: recorder });
  const account = { account: { data: { type: 'account', id: emulator.state.fixtures.accountId } } };
  const rule = (amount: unknown) =>
    JSON.stringify({ data: { type: 'checkPaymentPositivePay', attributes: { checkNumber: '7', amount }, relationships: account } });
  for (const amount of ['lots', 100])
    await (
      await fetch(`${emulator.url()}/positive-pay`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': JSON_API },
        body: rule(amount),
      })
    ).arrayBuffer();
  const { records } = judgeClientRequests(recorder.requests(), emulator.url(), new SecretRedactor());
  const amounts = records.filter((record) => record.requirementId === 'CL-AMOUNT-INTEGER-CENTS');
  const refused = amounts.find((record) => record.outcome === 'FAIL')?.evidence?.exchanges?.[0]?.response;
  expect(refused?.status).toBe(400);
  expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ errors: [{ status: '400', detail: expect.stringContaining('amount') }] });
  const made = amounts.find((record) => record.outcome === 'PASS')?.evidence?.exchanges?.[0]?.response;
  expect(made?.status).toBe(201);
  expect(made?.body).toBeUndefined();
});
