import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultsDocument } from './resultsDocument.ts';
import { schemaRegistry } from '../contract/catalogue/schemaRegistry.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { upgradedResults } from './resultsUpgrade.ts';
import type { ComparableResults } from './resultsComparison.ts';

// Reading a results.json someone points at (a report directory or the file):
// a problem is a setup error naming the file and what is wrong with it.

export function resultsPath(location: string): string {
  return existsSync(location) && statSync(location).isDirectory() ? join(location, 'results.json') : location;
}

/** The file's document, upgraded from an earlier format's names (verdict/resultsUpgrade.ts). */
function readJson(path: string): unknown {
  if (!existsSync(path)) throw new SetupError(`${path} does not exist`);
  try {
    return upgradedResults(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new SetupError(`${path} is not JSON: ${(error as Error).message}`);
  }
}

/** A results.json of this format (or of the one before, upgraded), valid against schemas/harness/results.schema.json (for merging). */
export function readResults(location: string): ResultsDocument {
  const path = resultsPath(location);
  const document = readJson(path);
  const { valid, violations } = schemaRegistry().validate('harness/results', document);
  if (!valid) throw new SetupError(`${path} is not a results.json of this suite version: ${violations[0]?.message ?? 'invalid'}`);
  return document as ResultsDocument;
}

/** Any results.json, older formats included, as far as a comparison needs it; `option` (what gave its location) names it in errors. */
export function readEarlierRun(location: string, option?: string): ComparableResults {
  const path = resultsPath(location);
  const document = readJson(path) as Partial<ComparableResults> | null;
  const usable =
    document &&
    typeof document === 'object' &&
    Array.isArray(document.requirements) &&
    document.requirements.every(
      (result) => typeof result?.id === 'string' && typeof result.outcome === 'string' && Array.isArray(result.checks),
    );
  if (!usable) {
    const named = option !== undefined ? `${option}: ` : '';
    throw new SetupError(`${named}${path} is not a results.json (no requirements with id, outcome and checks)`);
  }
  return {
    startedAt: String(document.startedAt ?? 'unknown'),
    suiteVersion: String(document.suiteVersion ?? 'unknown'),
    ...(typeof document.catalogueHash === 'string' ? { catalogueHash: document.catalogueHash } : {}),
    target: { name: String(document.target?.name ?? 'unknown') },
    requirements: document.requirements ?? [],
  };
}
