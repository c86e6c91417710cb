import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ItemReport } from '../../harness/engine/engineEvents.ts';
import { writeAllureResults } from '../../report/allureWriter.ts';
import { readAllureResultSet } from './allureResultSet.ts';

// Issue 41: Allure written directly (report/allureWriter.ts) shows what the route through
// vitest and allure-vitest showed: the same tests, names, history ids, labels, description,
// status and message, steps and attachments. fixtures/reports/allure-golden/ holds, for `run`
// and `receiver`, the reports that route was given and what it wrote from them, captured
// before it was removed: a run narrowed to webhooks/list/ with --seed 7, the emulator fault
// webhook-list-ignores-from-id and --fail-fast (a passed, a failed and a not-run test), three
// of its reports made UNTESTABLE, all SKIP and with shared state used undeclared, and the first
// three cases of a receiver run against the reference receiver. readAllureResultSet sets aside
// what differs from one writing to the next (uuids, stamps, the trace, host, thread, framework).

const GOLDEN = join(import.meta.dirname, '../../fixtures/reports/allure-golden');
const golden = <T>(file: string): T => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')) as T;

describe.each(['run', 'receiver'])('Allure results of %s, written directly', (command) => {
  const given = golden<{ reports: ItemReport[]; environment: Record<string, string> }>(`${command}-reports.json`);
  const expected = golden<ReturnType<typeof readAllureResultSet>>(`${command}-allure.json`);

  test('equal the golden set captured from allure-vitest, ids and stamps set aside', async () => {
    const dir = mkdtempSync(join(tmpdir(), `bac-allure-golden-${command}-`));
    const written = readAllureResultSet(await writeAllureResults(dir, given.reports, given.environment));
    expect(written.files).toEqual(expected.files);
    expect(written.environment).toBe(expected.environment);
    expect(written.tests).toHaveLength(given.reports.length);
    expect(written.tests).toEqual(expected.tests);
  });

  test('each test is timed as its scenario ran', async () => {
    const dir = await writeAllureResults(mkdtempSync(join(tmpdir(), `bac-allure-times-${command}-`)), given.reports, given.environment);
    const stamps = readdirSync(dir)
      .filter((name) => name.endsWith('-result.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { fullName: string; start: number; stop: number });
    const asRan = given.reports.map((report) => [report.startedMs, report.startedMs + report.durationMs]).sort();
    expect(stamps.map((result) => [result.start, result.stop]).sort()).toEqual(asRan);
  });
});
