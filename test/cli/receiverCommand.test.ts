import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ReferenceReceiver, startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { runCli } from './cliProcess.ts';

// `banking-api-conformance receiver` as an integrator runs it: exit 0, 1 or 2,
// the run's reports, one line for a setup error, evidence and no stack trace
// for a receiver that is something else altogether, and never the token.

const TOKEN = 'cli-receiver-token-7d1e0b3c9a';
const env = { RECEIVER_TOKEN: TOKEN };
const scratch = mkdtempSync(join(tmpdir(), 'bac-receiver-'));
const errorLines = (stderr: string) => stderr.split('\n').filter((text) => text.trim() && !text.includes('nodedir'));
const STACK_LINE = /^\s+at .+[:(]/m;

/** A web page, not a receiver: GET answers the page, every other method a 405 page. */
async function startHtmlPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const status = request.method === 'GET' ? 200 : 405;
    response
      .writeHead(status, { 'content-type': 'text/html' })
      .end(`<!doctype html><html><body><h1>${status === 200 ? 'Welcome' : 'Method Not Allowed'}</h1></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

describe('receiver command', () => {
  let receiver: ReferenceReceiver;
  let page: { url: string; server: Server };
  beforeAll(async () => {
    receiver = await startReferenceReceiver({ token: TOKEN });
    page = await startHtmlPage();
  });
  afterAll(async () => {
    await receiver?.close();
    await new Promise((resolve) => page?.server.close(resolve));
  });

  test("the reference receiver: exit 0, CONFORMANT, the run's reports, and the token nowhere", async () => {
    const dir = join(scratch, 'reference');
    const result = await runCli(
      ['receiver', '--url', receiver.url, '--token-env', 'RECEIVER_TOKEN', '--effects', receiver.effectsUrl, '--report-dir', dir],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Verdict: CONFORMANT/);
    const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
    expect(document.command).toBe('receiver');
    // The run's seed, as every subject's is, and the base of its event ids in a field of its own (the clock in µs).
    expect(document.seed).toBeLessThan(2 ** 31);
    expect(document.idBase).toBeGreaterThan(2 ** 31);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain('<testsuite name="RC"');
    expect(existsSync(join(dir, 'report.html'))).toBe(true);
    const allure = readdirSync(join(dir, 'allure-results'));
    expect(allure.filter((name) => name.endsWith('-result.json')).length).toBeGreaterThanOrEqual(10);
    const written = [
      result.stdout,
      ...['results.json', 'junit.xml', 'report.html'].map((name) => readFileSync(join(dir, name), 'utf8')),
      ...allure.map((name) => readFileSync(join(dir, 'allure-results', name), 'utf8')),
    ];
    expect(written.filter((text) => text.includes(TOKEN))).toEqual([]);
  });

  test('a receiver that is not running: exit 2 in one line', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await runCli(
      ['receiver', '--url', `http://127.0.0.1:${port}/webhook`, '--token-env', 'RECEIVER_TOKEN', '--report-dir', join(scratch, 'down')],
      env,
    );
    expect(result.code).toBe(2);
    expect(errorLines(result.stderr)).toEqual([
      `banking-api-conformance: cannot reach the receiver at http://127.0.0.1:${port}/webhook (ECONNREFUSED): start it, or fix --url`,
    ]);
  });

  test('an HTML page: exit 1, FAILs with the page as evidence, no stack trace', async () => {
    const dir = join(scratch, 'html');
    const result = await runCli(['receiver', '--url', page.url, '--token-env', 'RECEIVER_TOKEN', '--report-dir', dir], env);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAIL\s+RC-ACCEPT-VALID/);
    expect(result.stdout).toMatch(/Verdict: NON-CONFORMANT/);
    expect(result.stdout).toContain('answered 405');
    expect(result.stdout).toContain('Method Not Allowed');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(STACK_LINE);
    const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'));
    const valid = document.requirements.find((entry: { id: string }) => entry.id === 'RC-ACCEPT-VALID');
    expect(valid.outcome).toBe('FAIL');
    expect(valid.evidence[0].exchanges[0].response.body).toContain('<html>');
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    expect(html).toContain('RC-ACCEPT-VALID');
    expect(html).toContain(`npx banking-api-conformance receiver --url ${page.url} --token-env RECEIVER_TOKEN`);
  });
});
