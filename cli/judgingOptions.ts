import type { Command } from 'commander';

// The options every command that judges through conduct (run, receiver, client: cli/conduct.ts) takes alike,
// declared once with one help text each: where the reports go and which, the stream of events, --quiet and
// --no-color. A command says only which reports it can write.

const repeated = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Adds the shared options to a judging command; `reports` names the reports it can write besides results.json, and their default. */
export function withJudgingOptions(command: Command, reports: string): Command {
  return command
    .option('--report-dir <dir>', 'where to write results.json and the reports', 'reports')
    .option(
      '--reporter <names>',
      `the reports to write besides results.json, which is always written: ${reports} (repeatable, or comma-separated)`,
      repeated,
    )
    .option(
      '--events <file>',
      "stream the engine's events to FILE as NDJSON, one JSON object a line as each happens (schemas/harness/engine-events.schema.json); - for standard output, the command's own lines then going to standard error",
    )
    .option('-q, --quiet', 'print the verdict and the failures only')
    .option('--no-color', 'plain text even on a terminal (as NO_COLOR=1 does)');
}
