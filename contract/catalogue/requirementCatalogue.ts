import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { type Environment, ENVIRONMENTS } from '../facts/environments.ts';
import { LEVELS, type Level } from '../facts/requirementLevels.ts';
import { REQUIREMENT_FILES, type RequirementPrefix, requirementPrefixOf } from '../facts/requirementPrefixes.ts';
import { requirementFileViolations } from './requirementFileViolations.ts';

// The requirement catalogue (requirements/*.yaml): every testable statement of
// the two documents, with a stable id, its source, level and applicability.

export { LEVELS, type Level };
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
 * integrator's webhook receiver, judged by the `receiver` command, or the integrator's
 * API client, judged by the `client` command.
 */
export const SUBJECTS = ['target', 'receiver', 'client'] as const;
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

class CatalogueError extends Error {}

function fail(file: string, where: string, problem: string): never {
  throw new CatalogueError(`requirements/${file}: ${where}: ${problem}`);
}

/** The shape of a catalogue file (keys, enums, id form) is the schema's; this is what the schema cannot hold. */
interface RequirementEntry {
  id: string;
  source: { document: DocumentKey; section: string };
  statement: string;
  level: Level;
  environments?: Environment[];
  capability?: Capability;
  excluded?: string;
  levelReason?: string;
}
interface RequirementFile {
  subject?: Subject;
  requirements: RequirementEntry[];
}

function readCatalogueFile(dir: string, file: string): RequirementFile {
  const document: unknown = parse(readFileSync(`${dir}/${file}`, 'utf8'));
  const problems = requirementFileViolations(document);
  if (problems.length > 0) throw new CatalogueError(problems.map((problem) => `requirements/${file}: ${problem}`).join('\n'));
  return document as RequirementFile;
}

function requirementOf(file: string, subject: Subject, entry: RequirementEntry): Requirement {
  const home = REQUIREMENT_FILES[requirementPrefixOf(entry.id) as RequirementPrefix];
  if (home !== file) fail(file, `entry ${entry.id}`, `its prefix belongs in requirements/${home}`);
  const requirement: Requirement = {
    id: entry.id,
    source: { document: entry.source.document, section: entry.source.section },
    statement: entry.statement.trim(),
    level: entry.level,
    environments: entry.environments ?? [...ENVIRONMENTS],
    capability: entry.capability ?? 'core',
    subject,
    file,
  };
  if (entry.excluded !== undefined) requirement.excluded = entry.excluded;
  if (entry.levelReason !== undefined) requirement.levelReason = entry.levelReason.trim();
  return requirement;
}

/** Every file's requirements (both subjects): ids are unique across all of them. */
export function loadRequirementCatalogue(dir = fileURLToPath(new URL('../../requirements/', import.meta.url))): RequirementCatalogue {
  const byId = new Map<string, Requirement>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    const { subject = 'target', requirements } = readCatalogueFile(dir, file);
    for (const entry of requirements) {
      const requirement = requirementOf(file, subject, entry);
      const clash = byId.get(requirement.id);
      if (clash) fail(file, `entry ${requirement.id}`, `duplicate id (also in requirements/${clash.file})`);
      byId.set(requirement.id, requirement);
    }
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
