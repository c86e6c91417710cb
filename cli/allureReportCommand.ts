import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { missingPackageLine } from '../harness/targetIO/optionalPackage.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { SUGGESTIONS } from './suggestions.ts';

// `banking-api-conformance report [--report-dir DIR]` (npm run report): builds the
// Allure HTML from DIR/allure-results into DIR/allure-report with the allure CLI
// (Allure 3, no Java). The generated page is meant to be served, not opened as a
// file: `npx allure open DIR/allure-report`.

export interface AllureReportOptions {
  reportDir: string;
}

/** allure's CLI script, or the line naming the package to install where it does not resolve (an optional peer only `report` uses). */
export function allureCli(): { script: string } | { missing: string } {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve('allure'));
  } catch (error) {
    const missing = missingPackageLine(error, 'allure', 'report (the Allure HTML)');
    if (missing) return { missing };
    throw error;
  }
  // The package exports only its library entry; its CLI script sits beside dist/.
  return { script: join(dirname(entry), '..', 'cli.js') };
}

export async function allureReportCommand(options: AllureReportOptions, write: (text: string) => void): Promise<number> {
  const allure = allureCli();
  if ('missing' in allure) throw new SetupError(allure.missing);
  const results = join(options.reportDir, 'allure-results');
  const output = join(options.reportDir, 'allure-report');
  if (!existsSync(results)) {
    throw new SetupError(`report: no Allure results at ${results}; run \`${SUGGESTIONS.runInto(options.reportDir)}\` first`);
  }
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [allure.script, 'generate', results, '--output', output], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new SetupError(`report: allure generate exited ${code} for ${results}`);
  write(`Allure report: ${output}`);
  write(`Serve it (the page does not work opened as a file): ${SUGGESTIONS.serveAllure(output)}`);
  return 0;
}
