import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { runCli, type CliResult } from './cliProcess.ts';

// A run narrowed by --requirement or --grep runs exactly the scenarios that judge
// those requirements (or match that text), and its verdict says it is partial in
// the terminal, results.json and report.html; --certify refuses to narrow.

const IDS = ['PP-POLICY-CREATE', 'WH-LIST-PAGE-DEFAULT', 'EV-LIST-SHAPE'];
const dirs = {
  requirement: mkdtempSync(join(tmpdir(), 'bac-partial-')),
  grep: mkdtempSync(join(tmpdir(), 'bac-grep-')),
  only: mkdtempSync(join(tmpdir(), 'bac-only-')),
};
const everyScenario = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);
const results = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
let byRequirement: CliResult;
let byGrep: CliResult;
let certify: CliResult;
let byArea: CliResult;

beforeAll(async () => {
  [byRequirement, byGrep, certify, byArea] = await Promise.all([
    runCli(['run', '--requirement', IDS.join(','), '--seed', '4', '--report-dir', dirs.requirement]),
    runCli(['run', '--grep', 'webhooks/list/', '--seed', '4', '--report-dir', dirs.grep]),
    runCli(['run', '--certify', '--requirement', IDS[0] as string]),
    runCli(['run', '--only', 'auth', '--seed', '4', '--report-dir', dirs.only]),
  ]);
}, 300_000);

describe('a partial run', () => {
  test('--requirement runs exactly the scenarios that judge the ids and judges only them', () => {
    expect(byRequirement.code, byRequirement.stderr || byRequirement.stdout.slice(-2000)).toBe(0);
    const document = results(dirs.requirement);
    expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
    expect(document.itemIds).toEqual(
      everyScenario.filter((scenario) => scenario.requirements.some((id) => IDS.includes(id))).map((scenario) => scenario.id),
    );
    expect(document.selectedRequirements).toEqual([...IDS].sort());
    const judged = document.requirements.filter((result) => result.checks.length > 0).map((result) => result.id);
    expect(judged.sort()).toEqual([...IDS].sort());
  });

  test('says it is partial in the terminal, results.json and report.html', () => {
    const document = results(dirs.requirement);
    const of = requirementCatalogue().all().length;
    expect(document.partial).toEqual({ requirements: 3, of, narrowedBy: [`--requirement ${IDS.join(',')}`] });
    const label = `CONFORMANT (partial: 3 of ${of} requirements)`;
    expect(byRequirement.stdout).toContain(`Verdict: ${label}: every selected applicable MUST requirement passed.`);
    const page = readFileSync(join(dirs.requirement, 'report.html'), 'utf8');
    expect(page).toContain(`<h1>${label}</h1>`);
    expect(page).toContain(`<title>${label}: `);
    expect(page).toMatch(/narrowed by --requirement PP-POLICY-CREATE,WH-LIST-PAGE-DEFAULT,EV-LIST-SHAPE/);
    // The requirements the run did not select are summed up, not listed one by one.
    expect(byRequirement.stdout).toContain(`(${of - 3} requirements not selected: the run was narrowed by --requirement `);
    expect(byRequirement.stdout).not.toMatch(/not selected in this run/);
  });

  test('every report holds the selected requirements only: results.json, summary.md, report.html and junit.xml', () => {
    const document = results(dirs.requirement);
    expect(document.requirements.map((result) => result.id).sort()).toEqual([...IDS].sort());
    expect(Object.values(document.counts).reduce((sum, count) => sum + count, 0)).toBe(IDS.length);
    const junit = readFileSync(join(dirs.requirement, 'junit.xml'), 'utf8');
    expect([...junit.matchAll(/<testcase [^>]*name="([^"]+)"/g)].map((match) => match[1]).sort()).toEqual([...IDS].sort());
    expect(junit).not.toContain('<skipped');
    const summary = readFileSync(join(dirs.requirement, 'summary.md'), 'utf8');
    expect(summary).not.toMatch(/not selected in this run/);
    const page = readFileSync(join(dirs.requirement, 'report.html'), 'utf8');
    expect(page.match(/<details class="requirement/g)).toHaveLength(IDS.length);
  });

  test('--grep runs exactly the scenarios whose id or title contains the text', () => {
    expect(byGrep.code, byGrep.stderr).toBe(0);
    const document = results(dirs.grep);
    const expected = everyScenario.filter((scenario) => `${scenario.id}\n${scenario.title}`.toLowerCase().includes('webhooks/list/'));
    expect(expected.length).toBeGreaterThan(1);
    expect(document.itemIds).toEqual(expected.map((scenario) => scenario.id));
    expect(document.partial?.narrowedBy).toEqual(['--grep "webhooks/list/"']);
    expect(byGrep.stdout).toMatch(/Verdict: CONFORMANT \(partial: \d+ of \d+ requirements\)/);
  });

  test('--only auth: every report holds what it selected, and junit.xml one case per selected requirement', () => {
    expect(byArea.code, byArea.stderr || byArea.stdout.slice(-2000)).toBe(0);
    const document = results(dirs.only);
    const selected = [...document.selectedRequirements].sort();
    expect(document.requirements.map((result) => result.id).sort()).toEqual(selected);
    expect(document.partial?.requirements).toBe(selected.length);
    expect(document.counts.SKIP).toBe(0);
    const junit = readFileSync(join(dirs.only, 'junit.xml'), 'utf8');
    expect([...junit.matchAll(/<testcase [^>]*name="([^"]+)"/g)].map((match) => match[1]).sort()).toEqual(selected);
    const page = readFileSync(join(dirs.only, 'report.html'), 'utf8');
    expect(page.match(/<details class="requirement/g)).toHaveLength(selected.length);
    expect(byArea.stdout).toContain(
      `Verdict: CONFORMANT (partial: ${selected.length} of ${requirementCatalogue().all().length} requirements)`,
    );
  });

  test('--certify refuses a narrowed run', () => {
    expect(certify.code).toBe(2);
    expect(certify.stderr).toMatch(/--certify runs the whole suite .*--requirement, --grep and --fail-fast/);
  });
});
