import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { type Environment, ENVIRONMENTS } from '../spec/environments.ts';

// The requirement catalogue (requirements/*.yaml): every testable statement of
// the two documents, with a stable id, its source, level and applicability.

export type Level = 'MUST' | 'SHOULD' | 'OBSERVE';
export type { Environment };

/** What a target must claim for a requirement to apply; `core` always applies. */
export const CAPABILITIES = [
  'core',
  'tokenMinting',
  'scopedTokens',
  'fixtureProvisioning',
  'clockControl',
  'eventInjection',
  'paymentSimulation',
  'applications',
  'webhookDelivery',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const DOCUMENTS = {
  api: 'api-positive-pay-webhooks-events-sandbox.md',
  events: 'event-catalog.md',
} as const;
export type DocumentKey = keyof typeof DOCUMENTS;

/**
 * Who a requirement is about, set once per catalogue file (`subject:` at its top,
 * default `target`): the service, judged by `run` against a target, or the
 * integrator's webhook receiver, judged by the `receiver` command.
 */
export const SUBJECTS = ['target', 'receiver'] as const;
export type Subject = (typeof SUBJECTS)[number];

export interface Requirement {
  id: string;
  source: { document: DocumentKey; section: string };
  statement: string;
  level: Level;
  environments: Environment[];
  capability: Capability;
  /** Absent means `target`. */
  subject?: Subject;
  /** Why the statement cannot be tested from outside; excluded requirements are never judged. */
  excluded?: string;
  /** Why the level is what it is, where that is not plain from the documents' wording (e.g. a level lowered because a status code is "not shown"). */
  levelReason?: string;
  /** The catalogue file it came from. */
  file: string;
}

export interface RequirementCatalogue {
  all(): readonly Requirement[];
  get(id: string): Requirement;
  has(id: string): boolean;
}

const ID = /^(PP|DC|WH|DL|EV|SB|AU|GN|RC)-[A-Z0-9]+(-[A-Z0-9]+)*$/;
const LEVELS: readonly string[] = ['MUST', 'SHOULD', 'OBSERVE'];

class CatalogueError extends Error {}

function fail(file: string, where: string, problem: string): never {
  throw new CatalogueError(`requirements/${file}: ${where}: ${problem}`);
}

function readEntry(file: string, subject: Subject, entry: unknown, index: number): Requirement {
  const where = `requirements[${index}]`;
  if (typeof entry !== 'object' || entry === null) fail(file, where, 'must be a mapping');
  const e = entry as Record<string, unknown>;
  if (typeof e.id !== 'string' || !ID.test(e.id)) fail(file, `${where}.id`, `must match ${ID}; got ${JSON.stringify(e.id)}`);
  const at = `${e.id}`;
  const source = e.source as Record<string, unknown> | undefined;
  if (!source || !(typeof source.document === 'string' && source.document in DOCUMENTS) || typeof source.section !== 'string') {
    fail(file, `${at}.source`, `must be {document: ${Object.keys(DOCUMENTS).join('|')}, section: string}`);
  }
  if (typeof e.statement !== 'string' || e.statement.trim().length < 10) fail(file, `${at}.statement`, 'must be a sentence');
  if (typeof e.level !== 'string' || !LEVELS.includes(e.level)) fail(file, `${at}.level`, `must be one of ${LEVELS.join(', ')}`);
  const environments = (e.environments ?? ENVIRONMENTS) as unknown;
  const known = (v: unknown) => (ENVIRONMENTS as readonly unknown[]).includes(v);
  if (!Array.isArray(environments) || environments.length === 0 || !environments.every(known)) {
    fail(file, `${at}.environments`, `must be a non-empty list of ${ENVIRONMENTS.join(', ')}`);
  }
  const capability = (e.capability ?? 'core') as string;
  if (!(CAPABILITIES as readonly string[]).includes(capability)) {
    fail(file, `${at}.capability`, `must be one of ${CAPABILITIES.join(', ')}`);
  }
  if (e.excluded !== undefined && (typeof e.excluded !== 'string' || e.excluded.length < 10)) {
    fail(file, `${at}.excluded`, 'must state the reason the statement cannot be tested from outside');
  }
  if (e.levelReason !== undefined && (typeof e.levelReason !== 'string' || e.levelReason.trim().length < 10)) {
    fail(file, `${at}.levelReason`, 'must be a sentence saying why the level is what it is');
  }
  const requirement: Requirement = {
    id: e.id,
    source: { document: source.document as DocumentKey, section: source.section as string },
    statement: e.statement.trim(),
    level: e.level as Level,
    environments: environments as Environment[],
    capability: capability as Capability,
    subject,
    file,
  };
  if (typeof e.excluded === 'string') requirement.excluded = e.excluded;
  if (typeof e.levelReason === 'string') requirement.levelReason = e.levelReason.trim();
  return requirement;
}

function subjectOf(file: string, value: unknown): Subject {
  const subject = value ?? 'target';
  if (!(SUBJECTS as readonly unknown[]).includes(subject)) fail(file, 'subject', `must be one of ${SUBJECTS.join(', ')}`);
  return subject as Subject;
}

/** Every file's requirements (both subjects): ids are unique across all of them. */
export function loadRequirementCatalogue(dir = fileURLToPath(new URL('../requirements/', import.meta.url))): RequirementCatalogue {
  const byId = new Map<string, Requirement>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const document = parse(readFileSync(`${dir}/${file}`, 'utf8')) as { requirements?: unknown; subject?: unknown } | null;
    if (!document || !Array.isArray(document.requirements)) fail(file, 'top level', 'must have a list `requirements`');
    const subject = subjectOf(file, document.subject);
    document.requirements.forEach((entry, index) => {
      const requirement = readEntry(file, subject, entry, index);
      const clash = byId.get(requirement.id);
      if (clash) fail(file, requirement.id, `duplicate id (also in requirements/${clash.file})`);
      byId.set(requirement.id, requirement);
    });
  }
  return catalogueOf([...byId.values()]);
}

function catalogueOf(ordered: readonly Requirement[]): RequirementCatalogue {
  const byId = new Map(ordered.map((requirement) => [requirement.id, requirement]));
  return {
    all: () => ordered,
    has: (id) => byId.has(id),
    get(id) {
      const requirement = byId.get(id);
      if (!requirement) throw new Error(`unknown requirement id ${id}: add it to requirements/*.yaml or fix the check`);
      return requirement;
    },
  };
}

/** The requirements about one subject, as a catalogue of their own. */
export const catalogueAbout = (catalogue: RequirementCatalogue, subject: Subject): RequirementCatalogue =>
  catalogueOf(catalogue.all().filter((requirement) => (requirement.subject ?? 'target') === subject));

let shared: RequirementCatalogue | undefined;
const bySubject = new Map<Subject, RequirementCatalogue>();
/**
 * The project's catalogue of one subject, loaded once per process: by default what
 * a run against a target judges; `receiver` for the receiver command's requirements.
 */
export function requirementCatalogue(subject: Subject = 'target'): RequirementCatalogue {
  shared ??= loadRequirementCatalogue();
  const about = bySubject.get(subject) ?? catalogueAbout(shared, subject);
  bySubject.set(subject, about);
  return about;
}
