import { readFileSync } from 'node:fs';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { closestSpelling } from './closestSpelling.ts';

// A catalogue file held to schemas/harness/requirements-file.schema.json, its problems
// said the way an author fixes them: which entry (by id), which key, and the spelling
// that was meant. Only this one schema is compiled, once, since every CLI call loads the
// catalogue and most never need the schema registry.

const Ajv2020 = Ajv2020Module.default;
const SCHEMA = new URL('../../schemas/harness/requirements-file.schema.json', import.meta.url);

let compiled: ValidateFunction | undefined;
// Not checked against the meta-schema here, which would compile that too on every CLI
// call: the schema registry's eager load in test/schemas/ proves the file is a valid schema.
function validator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, verbose: true, strict: true, validateSchema: false }).compile(
    JSON.parse(readFileSync(SCHEMA, 'utf8')),
  );
  return compiled;
}

/** `entry PP-RULE-CREATE` when the entry has an id to name it by, else its place in the list. */
function entryName(document: unknown, index: number): string {
  const entry = (document as { requirements: unknown[] }).requirements[index];
  const id = (entry as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id.length > 0 ? `entry ${id}` : `entry requirements[${index}]`;
}

/** Where the error is: the top level or an entry, then the key path within it (`source.document`, `environments[0]`). */
function placeOf(document: unknown, pointer: string): string[] {
  const segments = pointer.split('/').slice(1);
  if (segments[0] !== 'requirements') return ['top level', ...(segments.length > 0 ? [segments.join('.')] : [])];
  if (segments.length === 1) return ['requirements'];
  const within = segments
    .slice(2)
    .map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : `.${segment}`))
    .join('')
    .replace(/^\./, '');
  return [entryName(document, Number(segments[1])), ...(within ? [within] : [])];
}

const meant = (word: unknown, known: readonly unknown[]): string => {
  const guess = typeof word === 'string' ? closestSpelling(word, known.map(String)) : undefined;
  return guess ? ` (did you mean "${guess}"?)` : '';
};

function problemOf(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') {
    const key = (error.params as { additionalProperty: string }).additionalProperty;
    const known = Object.keys((error.parentSchema as { properties?: object }).properties ?? {});
    return `unknown key "${key}"${meant(key, known)}`;
  }
  if (error.keyword === 'required') return `missing key "${(error.params as { missingProperty: string }).missingProperty}"`;
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues: unknown[] }).allowedValues;
    return `must be one of ${allowed.join(', ')}; got ${JSON.stringify(error.data)}${meant(error.data, allowed)}`;
  }
  if (error.keyword === 'pattern') return `must match ${(error.params as { pattern: string }).pattern}; got ${JSON.stringify(error.data)}`;
  return error.message ?? error.keyword;
}

/** Each problem of one parsed catalogue file as `where: problem`; none when the file is valid. */
export function requirementFileViolations(document: unknown): string[] {
  const validate = validator();
  if (validate(document)) return [];
  const problems = (validate.errors ?? []).map((error) => [...placeOf(document, error.instancePath), problemOf(error)].join(': '));
  return [...new Set(problems)];
}
