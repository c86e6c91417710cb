#!/usr/bin/env node
/* global process */
// action.yml's report step: node githubStep.mjs REPORT_DIR EXIT_CODE (see githubStep.ts).
import { register } from 'tsx/esm/api';

register();
const { reportStep } = await import('./githubStep.ts');
const [reportDir = 'reports', exitCode = '2'] = process.argv.slice(2);
reportStep(reportDir, Number(exitCode), process.env, (line) => process.stdout.write(`${line}\n`));
