import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eventTypeCatalogue, schemaRegistry, type EventTypeEntry } from '../../contract/catalogue/schemaRegistry.ts';
import { absentListedMembers } from '../../suites/shared/listedEventMembers.ts';
import { listedMembers, sampleEvent, wrongValue, type SampleEvent } from './eventSamples.ts';

const registry = schemaRegistry();
const catalogue = eventTypeCatalogue();
const forms = (entry: EventTypeEntry): (string | undefined)[] => entry.variants?.map((v) => v.name) ?? [undefined];
const clone = (event: SampleEvent): SampleEvent => structuredClone(event);
const pointers = (event: unknown): string[] => registry.validateEvent(event).violations.map((v) => v.pointer);

// The documents live beside the project (docs/architecture.md), not in it.
const EVENT_CATALOG = new URL('../../../shared/spec/event-catalog.md', import.meta.url);

// Every backticked `resource.event` in the first column of the Event Catalog tables.
const catalogueTypeNames = (): string[] => {
  const text = readFileSync(EVENT_CATALOG, 'utf8');
  const names = [...text.matchAll(/^\| `([A-Za-z]+\.[A-Za-z]+)`/gm)].map((m) => m[1] as string);
  return [...new Set(names)].sort();
};

describe('event type catalogue (schemas/events/event-types.json)', () => {
  it('lists 114 event types, once each', () => {
    const types = catalogue.map((e) => e.type);
    expect(types).toHaveLength(114);
    expect(new Set(types).size).toBe(114);
  });

  it.skipIf(!existsSync(EVENT_CATALOG))('lists exactly the types named in the Event Catalog', () => {
    expect(catalogue.map((e) => e.type).sort()).toEqual(catalogueTypeNames());
  });

  it('has one schema per type and nothing else under events/types (plus the payment.Canceled spelling)', () => {
    const keys = registry.keys().filter((k) => k.startsWith('events/types/'));
    const expected = [...catalogue.map((e) => `events/types/${e.type}`), 'events/types/payment.Canceled'];
    expect(keys.sort()).toEqual(expected.sort());
  });

  it('never lists tags as expected: API 2.7 says attributes "may contain tags"', () => {
    const expectingTags = catalogue
      .filter((entry) => 'tags' in entry.attributes || entry.variants?.some((v) => 'tags' in v.attributes))
      .map((e) => e.type);
    expect(expectingTags).toEqual([]);
    expect(catalogue.filter((entry) => entry.optionalAttributes?.tags === 'tags').length).toBeGreaterThanOrEqual(60);
  });

  it('has a schema for each variant', () => {
    for (const entry of catalogue)
      for (const v of entry.variants ?? []) expect(registry.has(`events/variants/${entry.type}.${v.name}`)).toBe(true);
    expect(catalogue.find((e) => e.type === 'authorizationRequest.pending')?.variants?.map((v) => v.name)).toEqual([
      'card-transaction',
      'iias',
      'purchase',
    ]);
  });
});

describe.each(catalogue)('event $type', (entry) => {
  it.each(forms(entry))('a sample from event-types.json validates (variant %s)', (variant) => {
    const plain = sampleEvent(entry, { variant });
    const full = sampleEvent(entry, { variant, withOptional: true });
    for (const event of [plain, full]) {
      const result = registry.validateEvent(event);
      expect(result.schemaKey).toBe(`events/types/${entry.type}`);
      expect(result.violations).toEqual([]);
      if (variant) expect(registry.validate(`events/variants/${entry.type}.${variant}`, event).violations).toEqual([]);
    }
  });

  it.each(forms(entry))('each listed member, mistyped, is named in a violation (variant %s)', (variant) => {
    const sample = sampleEvent(entry, { variant, withOptional: true });
    const { attributes, relationships } = listedMembers(entry, variant);
    const typed = { ...attributes, ...entry.optionalAttributes };
    for (const [name, kind] of Object.entries(typed)) {
      const wrong = wrongValue(kind);
      if (wrong === undefined) continue;
      const mistyped = clone(sample);
      mistyped.attributes[name] = wrong;
      expect(
        pointers(mistyped).some((p) => p.startsWith(`/attributes/${name}`)),
        `${name} = ${JSON.stringify(wrong)}`,
      ).toBe(true);
    }
    for (const [name, types] of Object.entries(relationships)) {
      if (types.length === 0) continue;
      const retyped = clone(sample);
      retyped.relationships[name] = { data: { type: 'somethingElse', id: '1' } };
      expect(pointers(retyped), `relationship ${name} typed somethingElse`).toContain(`/relationships/${name}/data/type`);
    }
  });

  it.each(forms(entry))(
    'each listed member, removed, is no schema violation but is reported absent; optional ones never are (variant %s)',
    (variant) => {
      const sample = sampleEvent(entry, { variant, withOptional: true });
      expect(absentListedMembers(sample)).toMatchObject({ attributes: [], relationships: [] });
      const { attributes, relationships } = listedMembers(entry, variant);
      for (const name of Object.keys(attributes)) {
        const missing = clone(sample);
        delete missing.attributes[name];
        expect(pointers(missing), `without ${name}`).toEqual([]);
        expect(absentListedMembers(missing)?.attributes, `without ${name}`).toContain(name);
      }
      for (const name of Object.keys(relationships)) {
        const missing = clone(sample);
        delete missing.relationships[name];
        expect(pointers(missing), `without relationship ${name}`).toEqual([]);
        expect(absentListedMembers(missing)?.relationships, `without relationship ${name}`).toContain(name);
      }
      const bare = clone(sample);
      for (const name of Object.keys(entry.optionalAttributes ?? {})) delete bare.attributes[name];
      for (const name of Object.keys(entry.optionalRelationships ?? {})) delete bare.relationships[name];
      expect(pointers(bare)).toEqual([]);
      expect(absentListedMembers(bare)).toMatchObject({ attributes: [], relationships: [] });
    },
  );

  it('is open: extra attributes and relationships are accepted', () => {
    const event = sampleEvent(entry, { variant: forms(entry)[0] });
    event.attributes.addedWithoutNotice = { nested: true };
    event.relationships.somethingNew = { data: { type: 'thing', id: '9' } };
    expect(registry.validateEvent(event).violations).toEqual([]);
  });
});

describe('event lookup', () => {
  const canceled = catalogue.find((e) => e.type === 'payment.canceled') as EventTypeEntry;

  it('accepts both spellings of payment.canceled, under either key', () => {
    for (const spelling of ['payment.canceled', 'payment.Canceled']) {
      const event = { ...sampleEvent(canceled), type: spelling };
      const result = registry.validateEvent(event);
      expect(result.schemaKey).toBe(`events/types/${spelling}`);
      expect(result.violations).toEqual([]);
      expect(registry.validate('events/types/payment.canceled', event).valid).toBe(true);
      expect(registry.validate('events/types/payment.Canceled', event).valid).toBe(true);
    }
    expect(registry.validate('events/types/payment.canceled', { ...sampleEvent(canceled), type: 'payment.CANCELED' }).valid).toBe(false);
  });

  it('validates an unknown event type against the common shape', () => {
    const event = { id: '7', type: 'widget.exploded', attributes: { createdAt: '2026-01-02T03:04:05.678Z', force: 9 }, relationships: {} };
    expect(registry.eventSchemaKey('widget.exploded')).toBe('events/event');
    expect(registry.validateEvent(event)).toEqual({ valid: true, violations: [], timestampViolations: [], schemaKey: 'events/event' });
    const broken = { ...event, attributes: { force: 9 } };
    expect(registry.validateEvent(broken).violations.map((v) => v.message)).toEqual(['/attributes/createdAt: is required but missing']);
  });

  it('rejects a type that is not of the form resource.event', () => {
    const result = registry.validateEvent({
      id: '7',
      type: 'exploded',
      attributes: { createdAt: '2026-01-02T03:04:05.678Z' },
      relationships: {},
    });
    expect(result.schemaKey).toBe('events/event');
    expect(result.violations.map((v) => v.pointer)).toEqual(['/type']);
  });

  it('checks positivePay.cancelled only for the common shape and its type name', () => {
    const event = { id: '8', type: 'positivePay.cancelled', attributes: { createdAt: '2026-01-02T03:04:05.678Z' }, relationships: {} };
    expect(registry.validateEvent(event).valid).toBe(true);
    expect(registry.validate('events/types/positivePay.cancelled', { ...event, type: 'positivePay.canceled' }).valid).toBe(false);
  });

  it('validates a non-object against the common shape', () => {
    expect(registry.validateEvent('nope')).toMatchObject({ valid: false, schemaKey: 'events/event' });
  });
});
