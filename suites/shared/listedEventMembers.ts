import { readFileSync } from 'node:fs';
import { type AttributeKind, eventTypeEntry, schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';

// Which of the members the Event Catalog lists for an event's type the event
// lacks. The catalogue's tables list the members a type carries, but several
// exist only in some cases, and the documents never say a listed member is
// mandatory: a present member is held to its type by the event schemas (MUST),
// an absent one is reported here and judged at most as a SHOULD
// (EV-PAYLOAD-LISTED-MEMBERS). The members come from schemas/events/event-types.json
// alone; its optional members (tags, currencyConversion, …) are never expected.
// The sub-members of a structured member that is present (merchant's name, type
// and id, …: the `properties` of its definition) are held to the same level: an
// absent one is reported here as `merchant.id`, never required by a schema.

export interface AbsentMembers {
  type: string;
  /** The form the event was judged against, for types with forms: the one its members fit best (see formOf). */
  variant?: string;
  attributes: string[];
  relationships: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const absent = (names: Iterable<string>, present: Record<string, unknown>): string[] =>
  [...names].filter((name) => present[name] === undefined);

let subMembersByKind: Record<string, string[]> | undefined;

/** The sub-members each structured kind lists (schemas/events/definitions.schema.json). */
function subMembers(kind: AttributeKind): string[] {
  if (typeof kind !== 'string') return [];
  subMembersByKind ??= Object.fromEntries(
    Object.entries(
      (
        JSON.parse(readFileSync(new URL('../../schemas/events/definitions.schema.json', import.meta.url), 'utf8')) as {
          $defs: Record<string, { properties?: object }>;
        }
      ).$defs,
    ).map(([name, definition]) => [name, Object.keys(definition.properties ?? {})]),
  );
  return subMembersByKind[kind] ?? [];
}

/** `merchant.id` for each listed sub-member a present structured attribute lacks. */
function absentSubMembers(kinds: Readonly<Record<string, AttributeKind>> | undefined, attributes: Record<string, unknown>): string[] {
  return Object.entries(kinds ?? {}).flatMap(([name, kind]) => {
    const value = attributes[name];
    return isObject(value) ? absent(subMembers(kind), value).map((member) => `${name}.${member}`) : [];
  });
}

/**
 * The listed members `event` lacks; undefined when its type is not catalogued (new
 * types come without notice and are held to the common shape only, API 6.1, 9).
 */
export function absentListedMembers(event: unknown): AbsentMembers | undefined {
  if (!isObject(event) || typeof event.type !== 'string') return undefined;
  const type = event.type;
  const entry = eventTypeEntry(type);
  if (!entry) return undefined;
  const attributes = isObject(event.attributes) ? event.attributes : {};
  const relationships = isObject(event.relationships) ? event.relationships : {};
  const common: AbsentMembers = {
    type,
    attributes: [
      ...absent(Object.keys(entry.attributes), attributes),
      ...absentSubMembers(entry.attributes, attributes),
      ...absentSubMembers(entry.optionalAttributes, attributes),
    ],
    relationships: absent(Object.keys(entry.relationships), relationships),
  };
  if (!entry.variants?.length) return common;
  // The form an event is of shows in the members it has (type Ach or Wire, the related
  // resource type, the shape of merchant): judge it against the form whose schema its
  // present members break least, then the one it lacks the fewest members of.
  const forms = entry.variants.map((variant) => ({
    type,
    variant: variant.name,
    attributes: [
      ...common.attributes,
      ...absent(Object.keys(variant.attributes), attributes),
      ...absentSubMembers(variant.attributes, attributes),
    ],
    relationships: [...common.relationships, ...absent(Object.keys(variant.relationships), relationships)],
    misfits: schemaRegistry().validate(`events/variants/${entry.type}.${variant.name}`, event).violations.length,
  }));
  const rank = (form: (typeof forms)[number]) => form.misfits * 1000 + form.attributes.length + form.relationships.length;
  const { misfits: _misfits, ...best } = forms.reduce((chosen, form) => (rank(form) < rank(chosen) ? form : chosen));
  return best;
}

/** "attributes a, b; relationships c" for a message; empty when nothing is absent. */
export function describeAbsent(members: AbsentMembers): string {
  const parts = [];
  if (members.attributes.length) parts.push(`attributes ${members.attributes.join(', ')}`);
  if (members.relationships.length) parts.push(`relationships ${members.relationships.join(', ')}`);
  return parts.join('; ');
}
