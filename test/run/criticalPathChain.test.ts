import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { describeRunMetrics } from '../../harness/records/runMetricsSummary.ts';
import { runMetricsIn } from '../../verdict/resultsDocument.ts';
import { runConformance } from '../../run/runPipeline.ts';
import { narrowedByText } from '../../cli/commandLineText.ts';
import { PROPERTY_LANES } from '../../suites/decisioning/propertyScenarios.ts';

// A run's critical path is its longest chain of calls that depend on each other. The
// decisioning properties deal their cases into independent lanes, so the chain a far
// target waits on is one lane's (with the scenario's own calls before and after it),
// not the whole property run: results.json names the lane.

test("the critical path of the decisioning properties names one lane, shorter than the property's calls", async () => {
  const reportDir = mkdtempSync(join(tmpdir(), 'critical-path-'));
  try {
    const grep = { narrowing: { grep: 'decisioning/property/' }, narrowingText: narrowedByText };
    const { document, reports } = await runConformance({ ...grep, reportDir, seed: 1 }, 'test', {
      say: () => {},
      write: () => {},
      progress: () => ({ tell: () => {}, finish: () => {} }),
      redactor: new SecretRedactor(),
    });
    expect(document.verdict).toBe('conformant');
    const path = document.criticalPath;
    expect(path?.chain).toMatch(new RegExp(`^lane \\d+ of ${PROPERTY_LANES}$`));
    expect(Number(path?.chain?.split(' ')[1])).toBeLessThanOrEqual(PROPERTY_LANES);
    const scenario = reports.find((report) => report.itemId === path?.scenarioId);
    expect(scenario?.itemId).toMatch(/^decisioning\/property\//);
    // A dependent chain, not every call of the property run.
    expect(path?.calls).toBeGreaterThan(0);
    expect(path!.calls * 2).toBeLessThan(scenario!.metrics!.calls);
    expect(describeRunMetrics(runMetricsIn(document)!)).toContain(
      `critical path ${path?.calls} calls in ${path?.scenarioId} (${path?.chain})`,
    );
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}, 300_000);
