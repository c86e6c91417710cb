import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { verdictLabel } from '../../report/verdictLabel.ts';
import { PROJECT_ROOT, runCli, type CliResult } from '../cli/cliProcess.ts';

// The CLI as CI uses it: one run writes results.json, junit.xml, report.html and
// Allure results; two shards merged give the same selection as the whole run;
// `npm run report -- --report-dir DIR` builds the Allure HTML from DIR's results, offline.

const AREA = 'sandbox';
const scratch = mkdtempSync(join(tmpdir(), 'bac-cli-reports-'));
const dir = (name: string) => join(scratch, name);
const results = (name: string) => JSON.parse(readFileSync(join(dir(name), 'results.json'), 'utf8')) as ResultsDocument;
const allureResultFiles = (name: string) => readdirSync(join(dir(name), 'allure-results')).filter((file) => file.endsWith('-result.json'));
const ran = (result: CliResult) => expect(result.code, result.stderr || result.stdout.slice(-2000)).not.toBe(2);
let whole: CliResult;
let shards: CliResult[];

// The whole run and both shards at once: three processes, each with its own embedded emulator.
beforeAll(async () => {
  [whole, ...shards] = await Promise.all([
    runCli(['run', '--only', AREA, '--seed', '3', '--report-dir', dir('whole')]),
    ...[1, 2].map((index) => runCli(['run', '--only', AREA, '--seed', '3', '--shard', `${index}/2`, '--report-dir', dir(`shard${index}`)])),
  ]);
}, 120_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('reports written by the CLI', () => {
  test('one run writes a schema-valid results.json, junit.xml, report.html and Allure results', () => {
    ran(whole);
    const document = results('whole');
    expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
    expect(document.catalogueHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readFileSync(join(dir('whole'), 'junit.xml'), 'utf8')).toMatch(/^<\?xml[\s\S]*<testcase classname="SB-/);
    // --only makes it a partial run, and the page says so.
    expect(document.partial).toMatchObject({ narrowedBy: [`--only ${AREA}`] });
    expect(readFileSync(join(dir('whole'), 'report.html'), 'utf8')).toContain(`<h1>${verdictLabel(document)}</h1>`);
    expect(verdictLabel(document)).toMatch(/^(NON-)?CONFORMANT \(partial: \d+ of \d+ requirements\)$/);
    expect(whole.stdout).toContain('report.html');
  });

  test("results.json, summary.md and the terminal say the run's calls, critical path, waits on the target and concurrency", () => {
    ran(whole);
    const document = results('whole');
    expect(document.calls).toBeGreaterThan(0);
    expect(document.criticalPath?.calls).toBeGreaterThan(0);
    expect(document.criticalPath?.calls).toBeLessThanOrEqual(document.calls!);
    expect(document.itemIds).toContain(document.criticalPath?.scenarioId);
    expect(document.criticalPath?.targetWaitMs).toBeLessThanOrEqual(document.targetWaitMs!);
    // The embedded emulator never throttles, and the run was given no adaptive limit: a fixed 4 at loopback.
    expect(document.retriedAfter429).toEqual({ count: 0, waitedMs: 0 });
    expect(document.concurrency).toEqual({ start: 4, min: 4, peak: 4, final: 4, changes: 0 });
    const line = `${document.calls!.toLocaleString('en')} calls, critical path ${document.criticalPath?.calls} calls in ${document.criticalPath?.scenarioId}`;
    expect(readFileSync(join(dir('whole'), 'summary.md'), 'utf8')).toContain(`Run: ${line}`);
    expect(whole.stdout).toContain(`Run: ${line}`);
  });

  test('each scenario is an Allure test labelled epic = area, feature, story = requirement id, severity, with redacted evidence attached', () => {
    const files = allureResultFiles('whole');
    expect(files).toHaveLength(results('whole').itemIds.length);
    const labelled = files.map(
      (file) =>
        JSON.parse(readFileSync(join(dir('whole'), 'allure-results', file), 'utf8')) as { labels: Array<{ name: string; value: string }> },
    );
    for (const test of labelled) {
      const value = (name: string) => test.labels.filter((label) => label.name === name).map((label) => label.value);
      expect(value('epic')).toEqual([AREA]);
      expect(value('feature')).toHaveLength(1);
      expect(value('story').every((story) => /^[A-Z]{2}-[A-Z0-9-]+$/.test(story))).toBe(true);
      expect(['critical', 'normal', 'minor']).toContain(value('severity')[0]);
    }
    const attachments = readdirSync(join(dir('whole'), 'allure-results')).filter((file) => file.includes('-attachment.'));
    expect(attachments.length).toBeGreaterThan(0);
    const text = attachments.map((file) => readFileSync(join(dir('whole'), 'allure-results', file), 'utf8')).join('\n');
    expect(text).toContain('Bearer [redacted]');
    expect(text).not.toMatch(/emu_[A-Za-z0-9_-]{32}/);
  });

  test('two shards, merged, select the same scenarios and requirements as the whole run, with a comparison', async () => {
    shards.forEach(ran);
    const [one, two] = [results('shard1'), results('shard2')];
    expect([one.shard, two.shard]).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(one.itemIds.filter((id) => two.itemIds.includes(id))).toEqual([]);

    const merge = await runCli(['merge', dir('shard1'), dir('shard2'), '--report-dir', dir('merged'), '--compare', dir('whole')]);
    ran(merge);
    const merged = results('merged');
    const full = results('whole');
    expect(schemaRegistry().validate('harness/results', merged).violations).toEqual([]);
    expect([...merged.itemIds].sort()).toEqual([...full.itemIds].sort());
    expect(merged.selectedRequirements).toEqual(full.selectedRequirements);
    const judged = (document: ResultsDocument) =>
      document.requirements.filter((result) => result.reason !== 'not selected in this run').map((result) => result.id);
    expect(judged(merged)).toEqual(judged(full));
    expect(merged.comparison?.baseline.sameCatalogue).toBe(true);
    expect(one.partial?.narrowedBy).toEqual([`--only ${AREA}`, '--shard 1/2']);
    // A narrowed run holds its selected requirements (and those its checks recorded on the way), nothing else.
    expect(merged.partial).toEqual({ requirements: merged.requirements.length, of: full.partial?.of, narrowedBy: [`--only ${AREA}`] });
    expect(merged.requirements.map((result) => result.id)).toEqual(full.requirements.map((result) => result.id));
    expect(existsSync(join(dir('merged'), 'junit.xml')) && existsSync(join(dir('merged'), 'report.html'))).toBe(true);
    expect(allureResultFiles('merged')).toHaveLength(allureResultFiles('shard1').length + allureResultFiles('shard2').length);
  }, 120_000);

  test('npm run report -- --report-dir DIR builds the Allure HTML of that directory and says how to serve it', async () => {
    const answer = await new Promise<{ code: number | null; stdout: string }>((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', 'report', '--', '--report-dir', dir('whole')], {
        cwd: PROJECT_ROOT,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let stdout = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout }));
    });
    expect(answer.code, answer.stdout).toBe(0);
    expect(existsSync(join(dir('whole'), 'allure-report', 'index.html'))).toBe(true);
    expect(answer.stdout).toContain(`npx allure open ${join(dir('whole'), 'allure-report')}`);
  }, 60_000);
});
