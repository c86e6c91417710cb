import { isFailing } from '../records/checkRecords.ts';
import { describeUndeclared } from './sharedState.ts';
import type { ItemReport } from './engineEvents.ts';

// How a scenario's report ends as a test, for the faces that show one test per scenario (Allure,
// written directly by report/allureWriter.ts or through allure-vitest by harness/vitestFace/):
// failed on a FAIL, broken on UNTESTABLE alone or shared state used undeclared, skipped when every
// record SKIPs, else passed. Nothing is judged here: the records already say it.

export type TestOutcome =
  { status: 'passed' } | { status: 'failed' | 'broken'; message: string } | { status: 'skipped'; reason: string | undefined };

export function testOutcome(report: Pick<ItemReport, 'records' | 'undeclared'>): TestOutcome {
  if (report.undeclared?.length) return { status: 'broken', message: report.undeclared.map(describeUndeclared).join('\n') };
  const failing = report.records.filter((record) => isFailing(record.outcome));
  if (failing.length > 0) {
    const message = failing.map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`).join('\n');
    return { status: failing.some((record) => record.outcome === 'FAIL') ? 'failed' : 'broken', message };
  }
  if (report.records.length > 0 && report.records.every((record) => record.outcome === 'SKIP'))
    return { status: 'skipped', reason: report.records[0]?.message };
  return { status: 'passed' };
}
