import { describe, expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { eventTypeCatalogue, schemaRegistry } from '../../../contract/catalogue/schemaRegistry.ts';

// The event injection control endpoint: every catalogued type and form comes out
// schema-valid; bad requests get a 400 naming the member.

const target = emulatorPerFile();

const inject = async (body: unknown) => {
  const response = await fetch(`${target.url}/_emulator/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
};

const fetchEvent = async (id: string) => {
  const response = await fetch(`${target.url}/events/${id}`, { headers: { authorization: `Bearer ${target.token}` } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return ((await response.json()) as any).data;
};

describe('POST /_emulator/events', () => {
  test('every catalogued type and form is generated schema-valid', async () => {
    const failures: string[] = [];
    for (const entry of eventTypeCatalogue()) {
      const forms = entry.variants?.map((variant) => variant.name) ?? [undefined];
      for (const variant of forms) {
        for (let n = 0; n < 3; n += 1) {
          const { status, body } = await inject({ type: entry.type, ...(variant ? { variant } : {}) });
          expect(status).toBe(201);
          const event = await fetchEvent(body.events[0].id);
          const result = schemaRegistry().validateEvent(event);
          if (!result.valid)
            failures.push(`${entry.type}${variant ? `/${variant}` : ''}: ${result.violations.map((v) => v.message).join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test('types, count and overrides', async () => {
    const { status, body } = await inject({ types: ['card.created', 'future.thing'], count: 2, attributes: { tags: { team: 'x' } } });
    expect(status).toBe(201);
    expect(body.events.map((event: { type: string }) => event.type)).toEqual([
      'card.created',
      'card.created',
      'future.thing',
      'future.thing',
    ]);
    expect((await fetchEvent(body.events[0].id)).attributes.tags).toEqual({ team: 'x' });
  });

  test.each([
    [{}, '/type'],
    [{ type: 'not-a-type' }, '/type'],
    [{ type: 'card.created', count: 0 }, '/count'],
    [{ type: 'card.created', variant: 'iias' }, '/variant'],
    [{ types: ['card.created', 5] }, '/types/1'],
  ])('%j is refused naming %s', async (body, pointer) => {
    const answer = await inject(body);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].source.pointer).toBe(pointer);
  });
});
