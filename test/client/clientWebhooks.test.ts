import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import type { EngineEvent } from '../../harness/engine/engineEvents.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { RECEIVER_CASES } from '../../receiver/receiverCases.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli } from '../cli/cliProcess.ts';
import { FAULTY_RECEIVERS } from '../receiver/faultyReceivers.ts';

// The client's webhooks judged as receivers in the same run (client/clientWebhooks.ts): the RC
// requirements beside the CL ones in one results.json and every face, through the receiver's own
// cases. A client whose receiver is correct passes them; one whose receiver breaks a MUST is
// NON-CONFORMANT, the RC id named in the terminal and in results.json; a client whose receiver is
// gone when judged has them SKIP with the reason, never FAIL; one that creates no webhook is judged
// on the CL requirements alone (test/client/clientNoWebhook.test.ts runs the command).

const RECEIVER_CLIENT = fileURLToPath(new URL('./faultyClients/receiverClient.ts', import.meta.url));
const receiverClient = (...args: string[]) => [process.execPath, '--import', 'tsx', RECEIVER_CLIENT, ...args];

const dirs: string[] = [];
const reportDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'client-webhooks-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function judged(command: string[], listener?: (event: EngineEvent) => void): Promise<ResultsDocument> {
  const run = await runClient({ command, plan: [] }, { say: () => {}, redactor: new SecretRedactor(), ...(listener ? { listener } : {}) });
  expect(run.exit?.code).toBe(0);
  return clientResults(command, run, { suiteVersion: 'test' });
}

const receiverIds = requirementCatalogue('receiver')
  .all()
  .map((requirement) => requirement.id);
const outcomesOf = (document: ResultsDocument, prefix: string) =>
  Object.fromEntries(document.requirements.filter((result) => result.id.startsWith(prefix)).map((result) => [result.id, result.outcome]));
const flagged = (document: ResultsDocument): string[] =>
  document.requirements
    .filter((result) => ['FAIL', 'WARN', 'UNTESTABLE'].includes(result.outcome))
    .map((result) => result.id)
    .sort();
/** What the flagged requirements' checks said: the assertion's message, so a failure here says why. */
const flaggedChecks = (document: ResultsDocument): string =>
  document.requirements
    .filter((result) => ['FAIL', 'WARN', 'UNTESTABLE'].includes(result.outcome))
    .flatMap((result) => result.checks.map((check) => `${check.outcome} ${result.id} ${check.itemId}: ${check.message}`))
    .join('\n');
/** Processing is seen only through an effects probe, which a client's webhook is judged without. */
const NEEDS_EFFECTS = new Set(['RC-DUPLICATE-PROCESSED-ONCE', 'RC-BATCH-PROCESSED-ONCE', 'RC-SIGNATURE-NOT-PROCESSED']);

describe("the client's webhooks, judged as receivers in the same run", () => {
  test('a correct receiver: the RC requirements PASS in the same results.json, beside the CL ones; one subject each', async () => {
    const events: EngineEvent[] = [];
    const document = await judged(receiverClient('correct'), (event) => void events.push(event));
    expect(flagged(document), flaggedChecks(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    expect(document.command).toBe('client');
    expect(document.areas).toEqual(['client', 'receiver']);
    const outcomes = outcomesOf(document, 'RC-');
    expect(Object.keys(outcomes).sort()).toEqual([...receiverIds].sort());
    for (const id of [
      'RC-ACCEPT-VALID',
      'RC-ACCEPT-200-AT-LEAST-ONCE',
      'RC-UNKNOWN-TYPE-ACCEPTED',
      'RC-BATCH-ACCEPTED',
      'RC-SIGNATURE-REFUSED',
    ])
      expect(outcomes[id], id).toBe('PASS');
    expect(outcomesOf(document, 'CL-')['CL-WEBHOOK-CREATE-FIELDS']).toBe('PASS');
    // Processing is not seen without an effects probe: SKIP, saying so in the client's words.
    for (const id of NEEDS_EFFECTS) {
      expect(outcomes[id], id).toBe('SKIP');
      expect(document.requirements.find((result) => result.id === id)?.checks[0]?.message).toMatch(/^no effects probe/);
    }
    // The engine ran two subjects, each a segment told to the faces: the receiver's cases while the client ran, then its items.
    expect(events.filter((event) => event.type === 'run-started').map((event) => 'subject' in event && event.subject)).toEqual([
      'receiver',
      'client',
    ]);
    expect(document.itemIds.filter((id) => id.startsWith('receiver/'))).toEqual(RECEIVER_CASES.map((one) => one.id));
  });

  test('two webhooks at one URL: that receiver is judged once', async () => {
    const document = await judged(receiverClient('correct', '--twice'));
    expect(document.itemIds.filter((id) => id.startsWith('receiver/'))).toHaveLength(RECEIVER_CASES.length);
    expect(flagged(document), flaggedChecks(document)).toEqual([]);
  });

  // Each faulty receiver (test/receiver/faultyReceivers.ts) is caught by what it breaks that a run without an effects probe can see.
  test.each(
    FAULTY_RECEIVERS.filter(
      (faulty) =>
        faulty.timeoutMs === undefined && faulty.breaks.some((id) => !NEEDS_EFFECTS.has(id)) && faulty.name !== 'remembers-last-64-ids',
    ).map((faulty) => [faulty.name, faulty.breaks.filter((id) => !NEEDS_EFFECTS.has(id))] as const),
  )('a client whose receiver %s: %s flagged, at its level', async (name, breaks) => {
    const document = await judged(receiverClient(name));
    expect(flagged(document), flaggedChecks(document)).toEqual([...breaks].sort());
    const mustBroken = breaks.some((id) => requirementCatalogue('receiver').get(id).level === 'MUST');
    expect(document.verdict).toBe(mustBroken ? 'non-conformant' : 'conformant');
  });

  test('a receiver that refuses validly signed deliveries: RC-ACCEPT-VALID FAIL, NON-CONFORMANT, named in the terminal and results.json', async () => {
    const dir = reportDir();
    const result = await runCli(['client', '--plan', 'none', '--report-dir', dir, '--', ...receiverClient('refuses-every-delivery')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^ {2}FAIL +RC-ACCEPT-VALID /m);
    expect(result.stdout).toContain('FAIL RC-ACCEPT-VALID (MUST');
    expect(result.stdout).toMatch(/Verdict: NON-CONFORMANT: .*RC-ACCEPT-VALID/);
    const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
    expect(document.verdict).toBe('non-conformant');
    expect(document.requirements.find((one) => one.id === 'RC-ACCEPT-VALID')?.outcome).toBe('FAIL');
    // The same faces show both subjects.
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit).toContain('RC-ACCEPT-VALID');
    expect(junit).toContain('CL-WEBHOOK-CREATE-FIELDS');
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('RC-ACCEPT-VALID');
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('RC-ACCEPT-VALID');
    const allure = readdirSync(join(dir, 'allure-results')).map((name) => readFileSync(join(dir, 'allure-results', name), 'utf8'));
    expect(allure.some((text) => text.includes('receiver/valid-delivery'))).toBe(true);
    expect(allure.some((text) => text.includes('client/bearer'))).toBe(true);
  });

  test('a receiver gone when it is judged (the client never asked, and exited): every RC requirement SKIPs, saying so', async () => {
    const document = await judged(receiverClient('refuses-every-delivery', '--no-judge'));
    expect(document.verdict).toBe('conformant');
    const outcomes = outcomesOf(document, 'RC-');
    expect(new Set(Object.values(outcomes))).toEqual(new Set(['SKIP']));
    const reason = document.requirements.find((one) => one.id === 'RC-ACCEPT-VALID')?.checks[0]?.message;
    expect(reason).toMatch(
      /^the client's webhook endpoint http:\/\/127\.0\.0\.1:\d+\/webhook was not reachable when judged \(ECONNREFUSED, after your client's command exited\)/,
    );
    expect(reason).toContain('BANKING_API_JUDGE_WEBHOOKS_URL');
  });

  test('a receiver that stops listening while it is judged: the cases from then on SKIP, saying so, never FAIL', async () => {
    const command = receiverClient('correct', '--leaves-while-judged');
    const run = await runClient({ command, plan: [] }, { say: () => {}, redactor: new SecretRedactor() });
    const document = clientResults(command, run, { suiteVersion: 'test' });
    expect(flagged(document), flaggedChecks(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const reasons = document.requirements.flatMap((one) => (one.id.startsWith('RC-') ? one.checks.map((check) => check.message) : []));
    expect(reasons.some((reason) => /^the client's webhook endpoint \S+ was not reachable when judged/.test(reason))).toBe(true);
  });

  test('a receiver that drops a delivery as it goes away, seen while its port still accepts: that case SKIPs too, never FAILs', async () => {
    const command = receiverClient('correct', '--drops-as-it-leaves');
    const run = await runClient({ command, plan: [] }, { say: () => {}, redactor: new SecretRedactor() });
    const document = clientResults(command, run, { suiteVersion: 'test' });
    expect(flagged(document), flaggedChecks(document)).toEqual([]);
    const valid = document.requirements.find((one) => one.id === 'RC-ACCEPT-VALID');
    const ofValidDelivery = valid?.checks.filter((check) => check.itemId === 'receiver/valid-delivery') ?? [];
    expect(ofValidDelivery.map((check) => check.outcome)).toEqual(['SKIP']);
    expect(ofValidDelivery[0]?.message).toMatch(/^the client's webhook endpoint \S+ was not reachable when judged/);
  });

  test('a client that creates no webhook: no receiver case runs, and its document holds the CL requirements alone', async () => {
    const script =
      "await fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } });";
    const events: EngineEvent[] = [];
    const document = await judged([process.execPath, '--input-type=module', '-e', script], (event) => void events.push(event));
    expect(document.verdict).toBe('conformant');
    expect(document.requirements.filter((one) => one.id.startsWith('RC-'))).toEqual([]);
    expect(events.filter((event) => event.type === 'run-started').map((event) => event.type === 'run-started' && event.subject)).toEqual([
      'client',
    ]);
  });

  test('a webhook without a token, or at a URL off this machine, is not judged: SKIP with the reason, nothing delivered', async () => {
    const script = `
      const headers = { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN, 'content-type': 'application/vnd.api+json' };
      for (const [url, token] of [['http://127.0.0.1:9/unsigned', ''], ['https://receiver.example/hooks', 'a-signing-token-of-its-own']])
        await fetch(process.env.BANKING_API_BASE_URL + '/webhooks', { method: 'POST', headers,
          body: JSON.stringify({ data: { type: 'webhook', attributes: { label: 'elsewhere', url, token, contentType: 'Json', deliveryMode: 'AtMostOnce' } } }) });
      await fetch(process.env.BANKING_API_JUDGE_WEBHOOKS_URL);`;
    const document = await judged([process.execPath, '--input-type=module', '-e', script]);
    const messages = document.requirements.find((one) => one.id === 'RC-ACCEPT-VALID')?.checks.map((check) => check.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/webhook http:\/\/127\.0\.0\.1:9\/unsigned has no token/),
        expect.stringMatching(/webhook https:\/\/receiver\.example\/hooks is not on this machine/),
      ]),
    );
    expect(new Set(document.requirements.filter((one) => one.id.startsWith('RC-')).map((one) => one.outcome))).toEqual(new Set(['SKIP']));
    expect(document.itemIds).toContain('receiver/valid-delivery~2');
    expect(flagged(document), flaggedChecks(document)).toEqual([]);
  });
});
