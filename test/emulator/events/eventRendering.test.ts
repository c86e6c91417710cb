import fc from 'fast-check';
import { expect, test } from 'vitest';
import { generateEvent } from '../../../emulator/events/eventGenerator.ts';
import { renderEvent, renderEventJson } from '../../../emulator/events/eventRendering.ts';
import { correctEvents } from '../../../emulator/events/eventsBehaviour.ts';
import { eventTypes } from '../../../emulator/events/eventTypeCatalogue.ts';
import { SeededRandom } from '../../../emulator/realism/seededRandom.ts';

// The store writes each event's text around its attributes' own text; it must be
// exactly the text of the rendered event, createdAt first among the attributes.

const CREATED_AT = Date.UTC(2026, 10, 26, 9, 30, 15, 250);
const expected = (event: Parameters<typeof renderEvent>[0]): string => JSON.stringify(renderEvent(event));

test('every catalogued event type, generated, is written as its rendered text', () => {
  const random = new SeededRandom(7);
  for (const [type, entry] of eventTypes()) {
    for (let n = 0; n < 5; n += 1) {
      const input = generateEvent(type, entry, CREATED_AT, { behaviour: correctEvents, randomInt: random.int });
      const event = {
        id: String(1000 + n),
        type,
        createdAt: CREATED_AT,
        attributes: input.attributes!,
        relationships: input.relationships!,
      };
      expect(renderEventJson(event), type).toBe(expected(event));
    }
  }
});

test('no attributes, and attributes that carry their own createdAt, are written as rendered too', () => {
  const base = { id: '1', type: 'a.b', createdAt: CREATED_AT, relationships: {} };
  expect(renderEventJson({ ...base, attributes: {} })).toBe(expected({ ...base, attributes: {} }));
  const own = { ...base, attributes: { amount: 5, createdAt: 'given' } };
  expect(renderEventJson(own)).toBe(expected(own));
});

// Names that are array indexes would be ordered before createdAt by JSON itself; no attribute of the documents is one.
const attributeName = fc.string({ minLength: 1 }).filter((name) => !/^\d+$/.test(name) && name !== '__proto__');

test('any JSON attributes are written as their rendered text', () => {
  fc.assert(
    fc.property(fc.dictionary(attributeName, fc.jsonValue()), (attributes) => {
      const event = { id: '9', type: 'x.y', createdAt: CREATED_AT, attributes, relationships: { a: { data: { type: 't', id: '1' } } } };
      expect(renderEventJson(event)).toBe(expected(event));
    }),
  );
});
