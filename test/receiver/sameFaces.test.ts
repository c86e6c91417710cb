import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { allureResultsDir } from '../../report/allureResultsDirectory.ts';
import { suiteName } from '../../contract/catalogue/suiteVersion.ts';
import { type CliResult, runCli } from '../cli/cliProcess.ts';

// Issue 34, "must show": `run` and `receiver` write results.json, JUnit and Allure through
// the same faces. Both commands' Allure results carry what only report/allureWriter.ts writes
// (the framework label naming the suite) and sit in the same place of Allure's tree, so the
// receiver's did not take a route of its own.

const TOKEN = 'same-faces-receiver-token-41c7e9';
const scratch = mkdtempSync(join(tmpdir(), 'bac-same-faces-'));
const COMMANDS = ['run', 'receiver'] as const;
type Command = (typeof COMMANDS)[number];

interface AllureResult {
  name: string;
  labels: Array<{ name: string; value: string }>;
  start: number;
  stop: number;
}

const reportDir = (command: Command): string => join(scratch, command);
const results: Partial<Record<Command, CliResult>> = {};

function allureResults(command: Command): AllureResult[] {
  const dir = allureResultsDir(reportDir(command));
  return readdirSync(dir)
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as AllureResult);
}

const labelValues = (result: AllureResult, name: string): string[] =>
  result.labels.filter((label) => label.name === name).map((label) => label.value);

const resultsDocument = (command: Command) => JSON.parse(readFileSync(join(reportDir(command), 'results.json'), 'utf8'));

beforeAll(async () => {
  const receiver = await startReferenceReceiver({ token: TOKEN });
  try {
    const [run, judged] = await Promise.all([
      runCli(['run', '--grep', 'webhooks/list/', '--seed', '4', '--report-dir', reportDir('run')]),
      runCli(
        [
          'receiver',
          '--url',
          receiver.url,
          '--token-env',
          'RECEIVER_TOKEN',
          '--effects',
          receiver.effectsUrl,
          '--report-dir',
          reportDir('receiver'),
        ],
        { RECEIVER_TOKEN: TOKEN },
      ),
    ]);
    results.run = run;
    results.receiver = judged;
  } finally {
    await receiver.close();
  }
}, 300_000);

describe('run and receiver write their reports through the same faces', () => {
  test.each(COMMANDS)('%s: a judged verdict, and results.json valid against the results schema', (command) => {
    // 0 or 1 is a verdict; 2 would be a setup error, and no report would be worth comparing.
    expect([0, 1], results[command]?.stderr).toContain(results[command]?.code);
    const document = resultsDocument(command);
    expect(schemaRegistry().validate('harness/results', document).violations).toEqual([]);
    expect(document.command).toBe(command);
  });

  test.each(COMMANDS)('%s: junit.xml holds a test case per judged requirement', (command) => {
    const junit = readFileSync(join(reportDir(command), 'junit.xml'), 'utf8');
    const judged = resultsDocument(command).requirements.map((requirement: { id: string }) => requirement.id);
    expect(judged.length).toBeGreaterThan(0);
    expect(judged.filter((id: string) => !junit.includes(id))).toEqual([]);
  });

  test.each(COMMANDS)('%s: one Allure result per scenario, each written by the Allure face', (command) => {
    const written = allureResults(command);
    expect(written.length).toBe(resultsDocument(command).itemIds.length);
    expect(written.filter((result) => !labelValues(result, 'framework').includes(suiteName())).map((result) => result.name)).toEqual([]);
  });

  test.each(COMMANDS)('%s: each Allure result is timed as its scenario ran, within the run, not as the face replayed it', (command) => {
    const document = resultsDocument(command);
    const [startedAt, finishedAt] = [Date.parse(document.startedAt), Date.parse(document.finishedAt)];
    const outside = allureResults(command).filter(
      (result) => result.start < startedAt || result.stop > finishedAt || result.stop < result.start,
    );
    expect(outside.map((result) => `${result.name}: ${result.start}–${result.stop}`)).toEqual([]);
  });

  test("the receiver's Allure results sit where the run's do, labelled the same way", () => {
    const [run, receiver] = COMMANDS.map(allureResults);
    const packages = (written: AllureResult[] = []) => [...new Set(written.flatMap((result) => labelValues(result, 'package')))];
    expect(packages(receiver)).toEqual(packages(run));
    expect(packages(run)).toHaveLength(1);
    expect([...new Set(receiver?.flatMap((result) => labelValues(result, 'epic')))]).toEqual(['receiver']);
    for (const written of [run, receiver]) {
      expect(written?.filter((result) => labelValues(result, 'severity').length !== 1).map((result) => result.name)).toEqual([]);
    }
  });
});
