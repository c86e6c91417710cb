#!/usr/bin/env node
/* global process */
// action.yml's report steps: node githubStep.mjs REPORT_DIR EXIT_CODE [STDERR_FILE [OUTPUT_PREFIX]] (see githubStep.ts).
import { register } from 'tsx/esm/api';

register();
const { reportStep } = await import('./githubStep.ts');
const [reportDir = 'reports', exitCode = '2', stderrFile, outputPrefix] = process.argv.slice(2);
reportStep({ reportDir, exitCode: Number(exitCode), stderrFile: stderrFile || undefined, outputPrefix }, process.env, (line) =>
  process.stdout.write(`${line}\n`),
);
