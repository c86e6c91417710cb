import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome } from '../harness/checkRecords.ts';
import type { RequirementResult, Verdict } from '../harness/requirementVerdict.ts';
import { secretRedactor } from '../harness/secretRedactor.ts';
import type { TargetInfo } from '../harness/targetManifest.ts';

// results.json: the machine-readable record of one run. Written through the
// redactor so that no token can reach a report, whatever a check put in it.

export const RESULTS_FORMAT_VERSION = 1;

export interface ResultsDocument {
  formatVersion: number;
  suiteVersion: string;
  target: { name: string; baseUrl: string; environment: string; capabilities: string[] };
  seed: number;
  areas: string[];
  startedAt: string;
  finishedAt: string;
  verdict: Verdict;
  counts: Record<Outcome, number>;
  requirements: RequirementResult[];
}

export function describeTarget(target: TargetInfo): ResultsDocument['target'] {
  return { name: target.name, baseUrl: target.baseUrl, environment: target.environment, capabilities: [...target.capabilities] };
}

export function writeResults(dir: string, document: ResultsDocument): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'results.json');
  writeFileSync(path, `${secretRedactor.text(JSON.stringify(document, null, 2))}\n`);
  return path;
}
