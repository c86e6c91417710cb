import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The secrets scan: what a run leaves behind (its output and every file of its report
// directory) searched for secrets it must never hold. Each needle is a literal or a
// pattern, named; the result is one line per artefact and needle that was found.

export interface Artefact {
  name: string;
  text: string;
}

export type Needles = Record<string, string | RegExp>;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The run's stdout and stderr, and every file under its report directory (read as UTF-8 text). */
export function runArtefacts(reportDir: string, run: { stdout: string; stderr: string }): Artefact[] {
  return [
    { name: 'stdout', text: run.stdout },
    { name: 'stderr', text: run.stderr },
    ...filesUnder(reportDir).map((path) => ({ name: path.slice(reportDir.length + 1), text: readFileSync(path, 'utf8') })),
  ];
}

const everywhere = (pattern: RegExp): RegExp =>
  new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);

export function hitsIn(text: string, needles: Needles): Record<string, number> {
  return Object.fromEntries(
    Object.entries(needles).map(([what, needle]) => [
      what,
      typeof needle === 'string' ? text.split(needle).length - 1 : (text.match(everywhere(needle)) ?? []).length,
    ]),
  );
}

export interface ScanResult {
  /** `artefact: N × what`, one per artefact and needle found: empty when nothing leaked. */
  leaks: string[];
  /** Hits of each needle over every artefact. */
  totals: Record<string, number>;
}

export function scanForSecrets(artefacts: readonly Artefact[], needles: Needles): ScanResult {
  const totals: Record<string, number> = Object.fromEntries(Object.keys(needles).map((what) => [what, 0]));
  const leaks: string[] = [];
  for (const artefact of artefacts) {
    for (const [what, hits] of Object.entries(hitsIn(artefact.text, needles))) {
      totals[what] = (totals[what] ?? 0) + hits;
      if (hits > 0) leaks.push(`${artefact.name}: ${hits} × ${what}`);
    }
  }
  return { leaks, totals };
}
