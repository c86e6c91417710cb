import { type ConcurrencySetting, MAX_CONCURRENCY } from '../harness/targetIO/concurrency.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { ShardInfo } from '../verdict/resultsDocument.ts';
import { closestSpelling } from '../contract/catalogue/closestSpelling.ts';
import { REPORTERS, type Reporter } from '../report/reporters.ts';

// The run's command-line strings made values, once, here: run/ receives numbers and
// settings, never the text a user typed. Each refusal names the option to fix.

/** The options of `run` that are numbers or settings, as commander hands them over. */
export interface RunValueOptions {
  seed?: string;
  scheduleSeed?: string;
  concurrency?: string;
  budgetMinutes?: string;
  reporter?: string[];
}

export interface RunValues {
  seed?: number;
  scheduleSeed?: number;
  concurrency?: ConcurrencySetting;
  budgetMinutes?: number;
  reporters?: ReadonlySet<Reporter>;
}

export function parseSeed(text: string, option: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new SetupError(`${option} must be a non-negative integer; got '${text}'`);
  return value;
}

export function parseConcurrency(text: string): ConcurrencySetting {
  if (text === 'auto') return 'auto';
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new SetupError(`--concurrency must be auto or a whole number from 1 to ${MAX_CONCURRENCY}; got '${text}'`);
  }
  return value;
}

function parseBudget(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new SetupError(`--budget-minutes must be a number of minutes above 0; got '${text}'`);
  return value;
}

export function parseShard(text: string): ShardInfo {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new SetupError(`--shard must be i/n with 1 <= i <= n (e.g. 2/4); got '${text}'`);
  }
  return { index, count };
}

/** `--skip a --skip b,c` → [a, b, c]; an empty one (an unset CI variable) must not quietly skip nothing. */
export function parseList(texts: readonly string[], option: string, what: string): string[] {
  const names = texts.flatMap((text) => text.split(',')).map((name) => name.trim());
  if (names.length === 0 || names.some((name) => name === '')) throw new SetupError(`${option} needs ${what}; got an empty name`);
  return names;
}

export function parseReporters(texts: readonly string[]): ReadonlySet<Reporter> {
  const names = parseList(texts, '--reporter', `one or more of ${REPORTERS.join(', ')}`);
  for (const name of names) {
    if ((REPORTERS as readonly string[]).includes(name)) continue;
    const closest = closestSpelling(name, REPORTERS);
    throw new SetupError(
      `--reporter: unknown report '${name}'${closest ? ` (did you mean ${closest}?)` : ''}; reports are ${REPORTERS.join(', ')}`,
    );
  }
  return new Set(names as Reporter[]);
}

export function runValuesOf(options: RunValueOptions): RunValues {
  return {
    ...(options.seed !== undefined ? { seed: parseSeed(options.seed, '--seed') } : {}),
    ...(options.scheduleSeed !== undefined ? { scheduleSeed: parseSeed(options.scheduleSeed, '--schedule-seed') } : {}),
    ...(options.concurrency !== undefined ? { concurrency: parseConcurrency(options.concurrency) } : {}),
    ...(options.budgetMinutes !== undefined ? { budgetMinutes: parseBudget(options.budgetMinutes) } : {}),
    ...(options.reporter ? { reporters: parseReporters(options.reporter) } : {}),
  };
}
