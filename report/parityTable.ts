import type { Requirement } from '../contract/catalogue/requirementCatalogue.ts';
import { type Parity, parityOf } from '../verdict/observationParity.ts';
import { type ComparableResults, observedValues } from '../verdict/resultsComparison.ts';

export type { Parity };

// `compare --observed A B`: what two targets do where the documents leave the
// choice open, one row per OBSERVE requirement, each judged by verdict/observationParity.ts.

export interface ParityRow {
  id: string;
  statement: string;
  /** Observed values on each target, in a stable order (empty: nothing observed). */
  a: unknown[];
  b: unknown[];
  parity: Parity;
}

export interface ParitySide {
  /** Where the document was read from. */
  source: string;
  results: ComparableResults;
}

export interface ParityTable {
  a: ParitySide;
  b: ParitySide;
  rows: ParityRow[];
}

/** One row per OBSERVE requirement of the catalogue, and any other a document judged as OBSERVE. */
export function parityTable(a: ParitySide, b: ParitySide, observeRequirements: readonly Requirement[]): ParityTable {
  const results = (side: ParitySide) => new Map(side.results.requirements.map((result) => [result.id, result]));
  const [inA, inB] = [results(a), results(b)];
  const statements = new Map(observeRequirements.map((requirement) => [requirement.id, requirement.statement]));
  for (const result of [...inA.values(), ...inB.values()]) {
    const judged = result as { level?: string; statement?: string };
    if (judged.level === 'OBSERVE' && !statements.has(result.id)) statements.set(result.id, judged.statement ?? '');
  }
  const rows = [...statements].map(([id, statement]) => {
    const [valuesA, valuesB] = [inA.get(id), inB.get(id)].map((result) => (result ? observedValues(result) : []));
    return { id, statement, a: valuesA!, b: valuesB!, parity: parityOf(id, valuesA!, valuesB!) };
  });
  return { a, b, rows };
}

export const countOf = (table: ParityTable, parity: Parity): number => table.rows.filter((row) => row.parity === parity).length;
