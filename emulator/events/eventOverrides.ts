import type { EventInput } from '../core/eventPublisher.ts';
import type { AttributeKind, EventTypeEntry } from './eventTypeCatalogue.ts';

// Fields of an injected event set by hand (`trigger <type> --set attributes.amount=500`,
// the `set` member of POST /_emulator/events), as `stripe trigger --override` does.
// Only what the Event Catalog lists for the type may be set, and only to a value of
// the kind it lists: an event made this way is still one the catalogue allows.

/** Path → value, such as {"attributes.amount": 500, "relationships.account": "10001"}. */
export type EventOverrides = Record<string, unknown>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What a value of the kind must be, as a refusal says it; undefined when the value is of the kind. */
function kindMismatch(kind: AttributeKind, value: unknown): string | undefined {
  if (typeof kind === 'object') return value === kind.const ? undefined : `must be ${JSON.stringify(kind.const)}`;
  switch (kind) {
    case 'any':
      return undefined;
    case 'string':
      return typeof value === 'string' ? undefined : 'must be a string';
    case 'integer':
    case 'cents':
      return Number.isInteger(value) ? undefined : `must be an integer${kind === 'cents' ? ' (cents)' : ''}`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    case 'timestamp':
      return typeof value === 'string' && TIMESTAMP.test(value) ? undefined : 'must be a timestamp such as 2024-01-31T12:00:00.000Z';
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? undefined : 'must be a date such as 2024-01-31';
    case 'yearMonth':
      return typeof value === 'string' && YEAR_MONTH.test(value) ? undefined : 'must be a year and month such as 2024-01';
    default:
      return isObject(value) ? undefined : 'must be a JSON object';
  }
}

/** Every attribute the catalogue lists for the type, in any of its variants, with its kind. */
function attributeKinds(entry: EventTypeEntry): Map<string, AttributeKind> {
  const kinds = new Map<string, AttributeKind>();
  for (const listed of [entry.attributes, entry.optionalAttributes ?? {}, ...(entry.variants ?? []).map((variant) => variant.attributes)])
    for (const [name, kind] of Object.entries(listed)) if (!kinds.has(name)) kinds.set(name, kind);
  return kinds;
}

function relationshipNames(entry: EventTypeEntry): Set<string> {
  return new Set(
    [entry.relationships, entry.optionalRelationships ?? {}, ...(entry.variants ?? []).map((variant) => variant.relationships)].flatMap(
      (listed) => Object.keys(listed),
    ),
  );
}

/** The first override the catalogue does not allow for the type: its path and one sentence naming it; undefined when all are allowed. */
export function overrideRefusal(entry: EventTypeEntry, overrides: EventOverrides): { path: string; message: string } | undefined {
  for (const [path, value] of Object.entries(overrides)) {
    const message = refusalOf(entry, path, value);
    if (message) return { path, message };
  }
  return undefined;
}

function refusalOf(entry: EventTypeEntry, path: string, value: unknown): string | undefined {
  const [member, name, ...deeper] = path.split('.');
  if (name === undefined || name === '' || deeper.length > 0 || (member !== 'attributes' && member !== 'relationships'))
    return `${path}: only attributes.NAME or relationships.NAME can be set`;
  if (member === 'attributes') {
    const kinds = attributeKinds(entry);
    const kind = kinds.get(name);
    if (kind === undefined)
      return `${path}: ${entry.type} has no attribute ${name} in the Event Catalog (it lists ${[...kinds.keys()].join(', ') || 'none'})`;
    const mismatch = kindMismatch(kind, value);
    return mismatch && `${path} ${mismatch}; got ${JSON.stringify(value)}`;
  }
  const names = relationshipNames(entry);
  if (!names.has(name))
    return `${path}: ${entry.type} has no relationship ${name} in the Event Catalog (it lists ${[...names].join(', ') || 'none'})`;
  if (!((typeof value === 'string' && value !== '') || Number.isInteger(value)))
    return `${path} must be the related resource's id (a string or an integer); got ${JSON.stringify(value)}`;
  return undefined;
}

/** Lays allowed overrides over a generated event: an attribute's value, a relationship's id (its type kept). */
export function applyOverrides(input: EventInput, overrides: EventOverrides): void {
  for (const [path, value] of Object.entries(overrides)) {
    const [member, name] = path.split('.') as [string, string];
    if (member === 'attributes') input.attributes = { ...input.attributes, [name]: value };
    else {
      const type = input.relationships?.[name]?.data.type ?? name;
      input.relationships = { ...input.relationships, [name]: { data: { type, id: String(value) } } };
    }
  }
}

/** `PATH=VALUE` as typed on a command line: the value is JSON where it reads as JSON (500, true, "500", {"a":1}), else text. */
export function readAssignment(text: string): { path: string; value: unknown } | undefined {
  const at = text.indexOf('=');
  if (at <= 0) return undefined;
  const raw = text.slice(at + 1);
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // Not JSON: the text itself, as `--set attributes.closeReason=ByCustomer` means.
  }
  return { path: text.slice(0, at), value };
}
