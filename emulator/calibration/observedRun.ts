import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The part of a run's results.json calibration reads, read as plain JSON: the
// emulator never imports the run that wrote it (docs/architecture.md, Layers).
// A file that is not such a document is refused naming the field at fault.

export interface ObservedRequirement {
  id: string;
  level: string;
  outcome: string;
  /** Why nothing was observed (a SKIP, an UNTESTABLE), when the run says. */
  reason?: string;
  /** The value of each OBSERVED check, in the order recorded. */
  observed: unknown[];
}

export interface ObservedRun {
  target: string;
  startedAt: string;
  requirements: ObservedRequirement[];
}

export class CalibrationFileError extends Error {}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function text(holder: Record<string, unknown>, member: string, where: string): string {
  const value = holder[member];
  if (typeof value !== 'string') throw new CalibrationFileError(`${where}.${member} must be a string; got ${JSON.stringify(value)}`);
  return value;
}

function requirementOf(entry: unknown, where: string): ObservedRequirement {
  if (!isRecord(entry)) throw new CalibrationFileError(`${where} must be an object`);
  const checks = entry.checks;
  if (!Array.isArray(checks)) throw new CalibrationFileError(`${where}.checks must be an array`);
  const observed = checks.flatMap((check, index) => {
    if (!isRecord(check)) throw new CalibrationFileError(`${where}.checks[${index}] must be an object`);
    return text(check, 'outcome', `${where}.checks[${index}]`) === 'OBSERVED' && 'observed' in check ? [check.observed] : [];
  });
  return {
    id: text(entry, 'id', where),
    level: text(entry, 'level', where),
    outcome: text(entry, 'outcome', where),
    ...(typeof entry.reason === 'string' ? { reason: entry.reason } : {}),
    observed,
  };
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** A results document already parsed; `source` names it in errors. */
export function observedRunOf(document: unknown, source: string): ObservedRun {
  const fail = (message: string): never => {
    throw new CalibrationFileError(`${source}: ${message}`);
  };
  if (!isRecord(document)) return fail('not a results document (a JSON object)');
  if (document.command === 'receiver') return fail('a receiver run observes a receiver, not a target: nothing to calibrate from');
  if (!Array.isArray(document.requirements)) return fail('requirements must be an array of requirement results');
  try {
    return {
      target: isRecord(document.target) && typeof document.target.name === 'string' ? document.target.name : 'unknown target',
      startedAt: typeof document.startedAt === 'string' ? document.startedAt : 'unknown time',
      requirements: document.requirements.map((entry, index) => requirementOf(entry, `requirements[${index}]`)),
    };
  } catch (error) {
    return fail((error as Error).message);
  }
}

/** A results.json, or the report directory that holds one. */
export function readObservedRun(location: string): ObservedRun {
  const path = isDirectory(location) ? join(location, 'results.json') : location;
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CalibrationFileError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(raw);
  } catch (error) {
    throw new CalibrationFileError(`${path}: not JSON (${(error as Error).message})`);
  }
  return observedRunOf(document, path);
}
