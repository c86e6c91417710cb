import { afterEach, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { RETRY_AFTER_SECONDS, UNLISTED_EVENT_TYPE } from '../../client/perturbations.ts';
import { bentEmulator, CLIENT_TOKEN } from './bentEmulator.ts';

// Every answer a perturbation gives the client has the platform's own form (issue 49, item 3):
// the one answer the judge makes itself, the 429, is the emulator's own rate-limit answer (its
// media type, its Retry-After, a JSON:API errors document the project's error schema takes, the
// same document); the others are the emulator's own answers, bent only in what they hold or
// when they come, so they are its media type and document shape too. A client that crashes on a
// perturbation's answer crashes on what the platform could send, never on the judge's doing.

const bearer = { authorization: `Bearer ${CLIENT_TOKEN}` };

const started: Emulator[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((emulator) => emulator.close()));
});

async function serve(options: Parameters<typeof startEmulator>[0]): Promise<Emulator> {
  const emulator = await startEmulator({ tokens: [{ value: CLIENT_TOKEN }], ...options });
  started.push(emulator);
  return emulator;
}

/** An emulator whose answers the plan bends, closed after the test. */
async function bent(plan: Parameters<typeof bentEmulator>[0]): Promise<Emulator> {
  const { emulator } = await bentEmulator(plan);
  started.push(emulator);
  return emulator;
}

const policyCreate = (emulator: Emulator) =>
  fetch(`${emulator.url()}/positive-pay-policy`, {
    method: 'POST',
    headers: { ...bearer, 'content-type': JSON_API },
    body: JSON.stringify({
      data: {
        type: 'positivePayPolicy',
        attributes: { optInTypes: ['CheckPayment'] },
        relationships: { account: { data: { type: 'account', id: emulator.state.fixtures.accountId } } },
      },
    }),
  });

async function form(answer: Response) {
  const body = (await answer.json()) as unknown;
  return {
    status: answer.status,
    mediaType: answer.headers.get('content-type')?.split(';')[0],
    retryAfter: answer.headers.get('retry-after'),
    body,
  };
}

describe("a perturbation's answer has the platform's own form", () => {
  test("the injected 429 is the emulator's own rate-limit answer: media type, Retry-After and errors document alike", async () => {
    const own = await form(await policyCreate(await serve({ rateLimit: { every: 1, retryAfterSeconds: RETRY_AFTER_SECONDS } })));
    const injected = await form(await policyCreate(await bent(['retry-after-429'])));
    expect(own.status).toBe(429);
    expect(injected).toEqual(own);
    expect(injected.mediaType).toBe(JSON_API);
    const validated = schemaRegistry().validate('documents/error', injected.body);
    expect(validated.violations).toEqual([]);
    expect(injected.body).toMatchObject({ errors: [{ status: '429' }] });
  });

  test("the injected 429 has the form of the emulator's other refusals: the same media type and error document schema", async () => {
    const refused = await form(await fetch(`${(await serve({})).url()}/events?page[limit]=abc`, { headers: bearer }));
    const injected = await form(await policyCreate(await bent(['retry-after-429'])));
    expect(refused.status).toBe(400);
    expect(injected.mediaType).toBe(refused.mediaType);
    for (const document of [refused.body, injected.body]) expect(schemaRegistry().validate('documents/error', document).valid).toBe(true);
  });

  test("the events of the unknown type and of the extra page come in the emulator's own list document", async () => {
    const emulator = await bent(['unknown-event-type', 'more-than-one-page']);
    const answer = await form(await fetch(`${emulator.url()}/events?page[limit]=2`, { headers: bearer }));
    expect(answer.status).toBe(200);
    expect(answer.mediaType).toBe(JSON_API);
    const { data, meta } = answer.body as { data: Array<{ type: string }>; meta?: { pagination?: { total?: number } } };
    expect(data[0]?.type).toBe(UNLISTED_EVENT_TYPE);
    expect(meta?.pagination?.total).toBeGreaterThan(2);
    // Its catalogued events are as the Event Catalog gives them; only the unlisted type is outside it.
    const listed = { ...(answer.body as object), data: data.filter((event) => event.type !== UNLISTED_EVENT_TYPE) };
    expect(schemaRegistry().validate('documents/event-list', listed).violations).toEqual([]);
  });
});
