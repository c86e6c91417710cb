#!/usr/bin/env node
/* global process */
// action.yml's report step: node githubStep.mjs REPORT_DIR EXIT_CODE [STDERR_FILE] (see githubStep.ts).
import { register } from 'tsx/esm/api';

register();
const { reportStep } = await import('./githubStep.ts');
const [reportDir = 'reports', exitCode = '2', stderrFile] = process.argv.slice(2);
reportStep({ reportDir, exitCode: Number(exitCode), stderrFile: stderrFile || undefined }, process.env, (line) =>
  process.stdout.write(`${line}\n`),
);
