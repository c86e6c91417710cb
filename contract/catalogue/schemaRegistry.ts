import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020Module from 'ajv/dist/2020.js';
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { closestSpelling } from './closestSpelling.ts';

// Both packages are CommonJS that also set `exports.default`; under NodeNext the
// default import is the whole module object, so the constructor is `.default`.
const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;

export interface SchemaViolation {
  pointer: string;
  message: string;
  keyword: string;
}
/**
 * `valid` and `violations` judge the shape; a <timestamp> written in a form that is not UTC
 * with milliseconds is left out of them and reported in `timestampViolations`, judged once
 * under GN-TIMESTAMP-FORMAT, so one deviating member does not fail every shape that holds it.
 */
export interface ValidationResult {
  valid: boolean;
  violations: SchemaViolation[];
  timestampViolations: SchemaViolation[];
}
export interface SchemaRegistry {
  keys(): string[];
  has(key: string): boolean;
  validate(key: string, value: unknown): ValidationResult;
  /** Key for an event type: its own schema when catalogued (either payment.canceled spelling), else 'events/event'. */
  eventSchemaKey(type: string): string;
  validateEvent(event: unknown): ValidationResult & { schemaKey: string };
  /** What a `<timestamp>` must look like (common definitions), for checks of one value. */
  readonly timestampPattern: RegExp;
}

/** How event-types.json describes an attribute's value (see the `kind` mapping in the event schemas). */
export type AttributeKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'cents'
  | 'timestamp'
  | 'date'
  | 'tags'
  | 'object'
  | 'any'
  | 'yearMonth'
  | 'merchant'
  | 'merchantNameType'
  | 'currencyConversion'
  | 'healthCareAmounts'
  | 'wireCounterparty'
  | 'drawdownCounterparty'
  | 'changesPreviousCurrent'
  | { const: string | number };

/** Relationship name → allowed related resource types; empty when the catalogue does not name one. */
export type RelationshipSpec = Record<string, string[]>;

export interface EventVariant {
  name: string;
  attributes: Record<string, AttributeKind>;
  relationships: RelationshipSpec;
}

/**
 * One entry of schemas/events/event-types.json. `createdAt` is implicit on every event.
 * `attributes` / `relationships`: the members the Event Catalog lists for the type; a
 * present one must have its kind, an absent one is at most a SHOULD (EV-PAYLOAD-LISTED-MEMBERS).
 * `optionalAttributes` / `optionalRelationships`: members only some events carry (`tags`,
 * API 2.7 "may contain tags"; `currencyConversion` for a foreign-currency purchase; the
 * `payment` of a transaction that came from a payment): typed when present, never expected.
 */
export interface EventTypeEntry {
  type: string;
  section: string;
  attributes: Record<string, AttributeKind>;
  optionalAttributes?: Record<string, AttributeKind>;
  relationships: RelationshipSpec;
  optionalRelationships?: RelationshipSpec;
  /** The event must also match one of these (schema key events/variants/<type>.<name>). */
  variants?: EventVariant[];
  alsoSpelled?: string[];
}

const SUFFIX = '.schema.json';
export const SCHEMA_ID_BASE = 'https://schemas.banking-api-conformance.local/';
/**
 * The schemas users point at (schemas/harness/: target manifest, results document,
 * expected-failures baseline) are identified by where the published package serves them.
 */
export const PUBLISHED_SCHEMA_ID_BASE = 'https://unpkg.com/banking-api-conformance/schemas/';
const schemaId = (key: string): string => (key.startsWith('harness/') ? PUBLISHED_SCHEMA_ID_BASE : SCHEMA_ID_BASE) + key + SUFFIX;
const COMMON_EVENT = 'events/event';
const DEFAULT_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

export function eventTypeCatalogue(dir: string = DEFAULT_DIR): EventTypeEntry[] {
  const file = join(dir, 'events', 'event-types.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as EventTypeEntry[]) : [];
}

let entriesBySpelling: Map<string, EventTypeEntry> | undefined;

/** The catalogue entry of an event type under any of its spellings (payment.Canceled), from the project's schemas. */
export function eventTypeEntry(type: string): EventTypeEntry | undefined {
  if (!entriesBySpelling) {
    entriesBySpelling = new Map();
    for (const entry of eventTypeCatalogue()) {
      entriesBySpelling.set(entry.type, entry);
      for (const spelling of entry.alsoSpelled ?? []) entriesBySpelling.set(spelling, entry);
    }
  }
  return entriesBySpelling.get(type);
}

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(SUFFIX))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Every violation as a setup message names it: `field a.b.0 is required but missing; field x is not a known key (did you mean y?)`. */
export function violationsText(result: ValidationResult): string {
  if (result.violations.length === 0) return 'is invalid';
  return result.violations
    .map((violation) => {
      const field = violation.pointer ? violation.pointer.slice(1).replace(/\//g, '.') : '(top level)';
      return `field ${field} ${violation.message.slice((violation.pointer || '(root)').length + 2)}`;
    })
    .join('; ');
}

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

function toViolation(error: ErrorObject): SchemaViolation {
  let pointer = error.instancePath;
  let text = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    // Ajv reports a missing member at its parent; name the member itself.
    pointer += '/' + escapeToken(String(error.params.missingProperty));
    text = 'is required but missing';
  } else if (error.keyword === 'additionalProperties') {
    // Name the unknown key itself, and the key it was most likely meant to be.
    const key = String(error.params.additionalProperty);
    pointer += '/' + escapeToken(key);
    const closest = closestSpelling(key, Object.keys((error.parentSchema?.properties as object | undefined) ?? {}));
    text = `is not a known key${closest ? ` (did you mean ${closest}?)` : ''}`;
  } else if (error.keyword === 'const') {
    text += ` ${JSON.stringify(error.params.allowedValue)}`;
  } else if (error.keyword === 'anyOf') {
    text = 'matches none of the allowed forms (anyOf); the other violations say why';
  } else if (error.keyword === 'enum') {
    text += ': ' + (error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
  }
  return { pointer, keyword: error.keyword, message: `${pointer || '(root)'}: ${text}` };
}

function violations(errors: readonly ErrorObject[]): SchemaViolation[] {
  const seen = new Set<string>();
  const out: SchemaViolation[] = [];
  // An `if` error only says "must match then"; the `then` errors carry the detail.
  for (const error of errors) {
    if (error.keyword === 'if') continue;
    const violation = toViolation(error);
    if (seen.has(violation.message)) continue;
    seen.add(violation.message);
    out.push(violation);
  }
  return out;
}

const TIMESTAMP_DEFINITIONS = 'common/definitions';

/** The same schemas with `<timestamp>` left unpatterned: what judges the shape apart from the timestamp form. */
function withoutTimestampPattern(key: string, schema: AnySchemaObject): AnySchemaObject {
  if (key !== TIMESTAMP_DEFINITIONS) return schema;
  const { pattern: _pattern, ...timestamp } = schema.$defs.timestamp as Record<string, unknown>;
  return { ...schema, $defs: { ...schema.$defs, timestamp } };
}

/** Validators by schema key, compiled on first use (or all at once, where loading must prove they compile). */
interface Validators {
  keys(): string[];
  get(key: string): ValidateFunction | undefined;
}

function addAll(dir: string, shape: (key: string, schema: AnySchemaObject) => AnySchemaObject, eager: boolean): Validators {
  // Checking each schema against the meta-schema is part of proving them (eager); a run trusts that proof.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, validateSchema: eager });
  addFormats(ajv);
  const fileOf = new Map<string, string>();

  for (const file of schemaFiles(dir)) {
    const key = relative(dir, file).split(sep).join('/').slice(0, -SUFFIX.length);
    const expectedId = schemaId(key);
    try {
      const schema = JSON.parse(readFileSync(file, 'utf8')) as AnySchemaObject;
      if (schema.$id !== expectedId) throw new Error(`$id must be ${expectedId}, found ${String(schema.$id)}`);
      ajv.addSchema(shape(key, schema));
    } catch (error) {
      throw new Error(`Schema ${file} cannot be loaded: ${(error as Error).message}`, { cause: error });
    }
    fileOf.set(key, file);
  }
  // Alternative spellings (payment.Canceled) share their type's schema rather than a second
  // file: names differing only in case collide on case-insensitive file systems.
  const keyOf = new Map([...fileOf.keys()].map((key) => [key, key]));
  for (const entry of eventTypeCatalogue(dir)) {
    const key = `events/types/${entry.type}`;
    for (const spelling of entry.alsoSpelled ?? []) if (fileOf.has(key)) keyOf.set(`events/types/${spelling}`, key);
  }
  // Compiled only after every file is added, so cross-file $refs resolve in any order; ajv keeps what it compiled.
  const get = (key: string): ValidateFunction | undefined => {
    const own = keyOf.get(key);
    if (own === undefined) return undefined;
    try {
      const validate = ajv.getSchema(schemaId(own));
      if (!validate) throw new Error('not registered');
      return validate;
    } catch (error) {
      throw new Error(`Schema ${fileOf.get(own)} does not compile: ${(error as Error).message}`, { cause: error });
    }
  };
  if (eager) for (const key of fileOf.keys()) get(key);
  return { keys: () => [...keyOf.keys()], get };
}

/**
 * `eager` compiles every schema at once, so a schema that does not compile fails the load
 * (what the project's own tests prove of schemas/); the run's shared registry compiles each
 * on first use, as a run needs a fraction of them and the shape-only twins only on a violation.
 */
export function loadSchemaRegistry(dir: string = DEFAULT_DIR, { eager = true }: { eager?: boolean } = {}): SchemaRegistry {
  const complete = addAll(dir, (_key, schema) => schema, eager);
  const shapeOnly = addAll(dir, withoutTimestampPattern, eager);
  const timestampPattern = (complete.get(TIMESTAMP_DEFINITIONS)?.schema as AnySchemaObject | undefined)?.$defs?.timestamp?.pattern as
    string | undefined;
  const known = new Set(complete.keys());

  const validate = (key: string, value: unknown): ValidationResult => {
    const validator = complete.get(key);
    if (!validator) throw new Error(`Unknown schema key '${key}'`);
    if (validator(value) as boolean) return { valid: true, violations: [], timestampViolations: [] };
    const timestampMisses = (validator.errors ?? []).filter(
      (error) => error.keyword === 'pattern' && error.params.pattern === timestampPattern,
    );
    const shape = shapeOnly.get(key)!;
    const valid = shape(value) as boolean;
    return { valid, violations: valid ? [] : violations(shape.errors ?? []), timestampViolations: violations(timestampMisses) };
  };
  const eventSchemaKey = (type: string): string => {
    const key = `events/types/${type}`;
    return known.has(key) ? key : COMMON_EVENT;
  };

  return {
    keys: () => [...known].sort(),
    has: (key) => known.has(key),
    validate,
    eventSchemaKey,
    timestampPattern: new RegExp(timestampPattern ?? '.*'),
    validateEvent(event) {
      const type = typeof event === 'object' && event !== null ? (event as { type?: unknown }).type : undefined;
      const schemaKey = typeof type === 'string' ? eventSchemaKey(type) : COMMON_EVENT;
      return { ...validate(schemaKey, event), schemaKey };
    },
  };
}

let shared: SchemaRegistry | undefined;

export function schemaRegistry(): SchemaRegistry {
  shared ??= loadSchemaRegistry(DEFAULT_DIR, { eager: false });
  return shared;
}
