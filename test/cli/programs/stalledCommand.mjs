/* global process, setTimeout */
// A command that stops waiting on anything before it finishes: a promise that
// only an unref'd timer would settle, with nothing else holding the process.
import { register } from 'tsx/esm/api';

register();
const { exitIfStalled } = await import('../../../cli/failureExit.ts');
process.exitCode = 0; // what a finished stage may have left set
const finished = exitIfStalled((line) => process.stderr.write(`${line}\n`));
if (process.argv[2] === 'finishes') {
  await new Promise((resolve) => setTimeout(resolve, 20));
} else {
  await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
}
finished();
