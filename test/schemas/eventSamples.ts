import type { AttributeKind, EventTypeEntry, RelationshipSpec } from '../../contract/catalogue/schemaRegistry.ts';

// Builds events from schemas/events/event-types.json alone, so that a passing
// sample proves the data file and the schemas say the same thing.

const SAMPLES: Record<Exclude<AttributeKind, { const: string | number }>, unknown> = {
  string: 'sample',
  integer: 3,
  number: 1.25,
  boolean: true,
  cents: 1250,
  timestamp: '2026-01-02T03:04:05.678Z',
  date: '2026-01-02',
  tags: { purpose: 'conformance' },
  object: {},
  any: 'sample',
  yearMonth: '2026-01',
  merchant: { name: 'Corner Shop', type: 5411, id: '311204598883' },
  merchantNameType: { name: 'Pharmacy', type: 5912 },
  currencyConversion: { originalCurrency: 'EUR', amountInOriginalCurrency: 1100, fxRate: '1.1' },
  healthCareAmounts: {
    transitAmount: 0,
    prescriptionRXAmount: 500,
    visionOpticalAmount: 0,
    clinicOtherQualifiedMedicalAmount: 0,
    dentalAmount: 0,
    totalHealthcareAmount: 500,
  },
  wireCounterparty: { name: 'Acme', routingNumber: '021000021', accountNumber: '1234567', accountType: 'Checking' },
  drawdownCounterparty: { name: 'Acme', routingNumber: '021000021', accountNumber: '1234567' },
  changesPreviousCurrent: { nickname: { previous: 'old', current: 'new' } },
};

/** A value of the right JSON type but wrong for the kind; undefined when the kind accepts anything. */
const WRONG: Record<Exclude<AttributeKind, { const: string | number }>, unknown> = {
  string: 42,
  integer: 1.5,
  number: '1.25',
  boolean: 'true',
  cents: 12.5,
  // Not a date-time at all: a timestamp in another form is GN-TIMESTAMP-FORMAT's, not the event schema's.
  timestamp: 'yesterday',
  date: '2026-01-02T03:04:05.678Z',
  // Tag values are untyped (the documents never type them); only an object is required.
  tags: 'purpose',
  object: 'not an object',
  any: undefined,
  yearMonth: '2026-13',
  // Absent sub-members are reported, never schema violations (listedEventMembers.ts): mistype instead.
  merchant: 'Corner Shop',
  merchantNameType: 'Pharmacy',
  currencyConversion: { originalCurrency: 'EUR', amountInOriginalCurrency: '1100', fxRate: '1.1' },
  healthCareAmounts: { transitAmount: '0' },
  wireCounterparty: { name: 'Acme', routingNumber: 21000021, accountNumber: '1', accountType: 'Checking' },
  drawdownCounterparty: 'Acme',
  changesPreviousCurrent: { nickname: 'new' },
};

export const sampleValue = (kind: AttributeKind): unknown => (typeof kind === 'object' ? kind.const : SAMPLES[kind]);
export const wrongValue = (kind: AttributeKind): unknown => (typeof kind === 'object' ? `not ${kind.const}` : WRONG[kind]);

/** Attributes and relationships the catalogue lists for this type (and variant): typed when present, expected (a SHOULD). */
export function listedMembers(
  entry: EventTypeEntry,
  variantName?: string,
): { attributes: Record<string, AttributeKind>; relationships: RelationshipSpec } {
  const variant = entry.variants?.find((v) => v.name === variantName);
  if (entry.variants && !variant)
    throw new Error(`${entry.type} needs one of its variants: ${entry.variants.map((v) => v.name).join(', ')}`);
  return {
    attributes: { ...entry.attributes, ...variant?.attributes },
    relationships: { ...entry.relationships, ...variant?.relationships },
  };
}

export interface SampleEvent {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, { data: { type: string; id: string } }>;
}

export function sampleEvent(entry: EventTypeEntry, options: { variant?: string; withOptional?: boolean } = {}): SampleEvent {
  const listed = listedMembers(entry, options.variant);
  const kinds = { ...listed.attributes, ...(options.withOptional ? entry.optionalAttributes : {}) };
  const relationships = { ...listed.relationships, ...(options.withOptional ? entry.optionalRelationships : {}) };
  return {
    id: '1001',
    type: entry.type,
    attributes: {
      createdAt: '2026-01-02T03:04:05.678Z',
      ...Object.fromEntries(Object.entries(kinds).map(([name, kind]) => [name, sampleValue(kind)])),
    },
    relationships: Object.fromEntries(
      Object.entries(relationships).map(([name, types]) => [name, { data: { type: types[0] ?? name, id: '1' } }]),
    ),
  };
}
