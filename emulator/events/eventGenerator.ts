import type { EventInput, RelationshipRef } from '../core/eventPublisher.ts';
import { anyRandomInt, type RandomInt } from '../realism/seededRandom.ts';
import type { EventsBehaviour } from './eventsBehaviour.ts';
import type { AttributeKind, EventTypeEntry, EventVariant } from './eventTypeCatalogue.ts';

// Schema-valid attribute values and relationships for an injected event of a
// catalogued type, with the related resources for includeResources (6.1 rule 3).

const WORDS = ['alpha', 'bravo', 'cedar', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper'];
const pad = (n: number): string => String(n).padStart(2, '0');

// Module functions rather than closures made on each call: injection makes ten
// thousand events per request, and under tsx every named closure made costs a
// defineProperty of its name (a quarter of the injection's time, profiled).
// The randomInt calls are made in the same order, so a seeded store is unchanged.

function wordOf(randomInt: RandomInt): string {
  return WORDS[randomInt(WORDS.length)]!;
}

function digitsOf(length: number, randomInt: RandomInt): string {
  let digits = '';
  for (let index = 0; index < length; index += 1) digits += String(randomInt(10));
  return digits;
}

function valueOf(kind: AttributeKind, name: string, nowMs: number, randomInt: RandomInt): unknown {
  if (typeof kind === 'object') return kind.const;
  switch (kind) {
    case 'integer':
    case 'cents':
      return randomInt(1, 500_000);
    case 'number':
      return randomInt(1, 100_000) / 100;
    case 'boolean':
      return randomInt(2) === 1;
    case 'timestamp':
      return new Date(nowMs + randomInt(0, 86_400_000)).toISOString();
    case 'date':
      return new Date(nowMs + randomInt(0, 30) * 86_400_000).toISOString().slice(0, 10);
    case 'yearMonth': {
      const date = new Date(nowMs);
      return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;
    }
    case 'tags':
      return { source: 'event-injection', batch: wordOf(randomInt) };
    case 'object':
      return { note: wordOf(randomInt) };
    case 'merchant':
      return { name: `${wordOf(randomInt)} store`, type: 5999, id: digitsOf(9, randomInt) };
    case 'merchantNameType':
      return { name: `${wordOf(randomInt)} pharmacy`, type: 5912 };
    case 'currencyConversion':
      return { originalCurrency: 'EUR', amountInOriginalCurrency: randomInt(1, 100_000), fxRate: '1.08' };
    case 'healthCareAmounts': {
      const parts = [randomInt(0, 5000), randomInt(0, 5000), randomInt(0, 5000), randomInt(0, 5000), randomInt(0, 5000)];
      const [transitAmount, prescriptionRXAmount, visionOpticalAmount, clinicOtherQualifiedMedicalAmount, dentalAmount] = parts as [
        number,
        number,
        number,
        number,
        number,
      ];
      return {
        transitAmount,
        prescriptionRXAmount,
        visionOpticalAmount,
        clinicOtherQualifiedMedicalAmount,
        dentalAmount,
        totalHealthcareAmount: parts.reduce((a, b) => a + b, 0),
      };
    }
    case 'wireCounterparty':
      return {
        name: `${wordOf(randomInt)} corp`,
        routingNumber: digitsOf(9, randomInt),
        accountNumber: digitsOf(10, randomInt),
        accountType: 'Checking',
      };
    case 'drawdownCounterparty':
      return { name: `${wordOf(randomInt)} corp`, routingNumber: digitsOf(9, randomInt), accountNumber: digitsOf(10, randomInt) };
    case 'changesPreviousCurrent':
      return { nickname: { previous: wordOf(randomInt), current: wordOf(randomInt) } };
    default:
      // 'string', 'any' and kinds added later: a string is valid for each.
      return `${name}-${wordOf(randomInt)}`;
  }
}

function attributesOf(kinds: Record<string, AttributeKind>, nowMs: number, target: Record<string, unknown>, randomInt: RandomInt): void {
  for (const [name, kind] of Object.entries(kinds)) target[name] = valueOf(kind, name, nowMs, randomInt);
}

function relationshipsOf(specs: Record<string, string[]>, target: Record<string, RelationshipRef>, randomInt: RandomInt): void {
  for (const [name, types] of Object.entries(specs))
    target[name] = { data: { type: types[0] ?? name, id: String(randomInt(10_000_000, 100_000_000)) } };
}

export interface GenerateOptions {
  variant?: string;
  /** Unseeded randomness unless a seeded source must make the event reproducible (a lived-in store). */
  randomInt?: RandomInt;
  /** The events area's behaviour, seeded faults and all: it has the last word on the attributes generated. */
  behaviour: Pick<EventsBehaviour, 'generatedAttributes'>;
}

export function chooseVariant(entry: EventTypeEntry, name?: string, randomInt: RandomInt = anyRandomInt): EventVariant | undefined {
  if (!entry.variants || entry.variants.length === 0) return undefined;
  if (name === undefined) return entry.variants[randomInt(entry.variants.length)];
  return entry.variants.find((variant) => variant.name === name);
}

export function generateEvent(type: string, entry: EventTypeEntry, nowMs: number, options: GenerateOptions): EventInput {
  const randomInt = options.randomInt ?? anyRandomInt;
  const generated: Record<string, unknown> = {};
  const relationships: Record<string, RelationshipRef> = {};
  attributesOf(entry.attributes, nowMs, generated, randomInt);
  relationshipsOf(entry.relationships, relationships, randomInt);
  // Members only some events carry (tags, currencyConversion, …): on about half of them.
  if (randomInt(2) === 1) {
    attributesOf(entry.optionalAttributes ?? {}, nowMs, generated, randomInt);
    relationshipsOf(entry.optionalRelationships ?? {}, relationships, randomInt);
  }
  const variant = chooseVariant(entry, options.variant, randomInt);
  if (variant) {
    attributesOf(variant.attributes, nowMs, generated, randomInt);
    relationshipsOf(variant.relationships, relationships, randomInt);
  }
  const attributes = options.behaviour.generatedAttributes(generated, entry, randomInt);
  return { type, attributes, relationships, relatedFromRelationships: true };
}
