import { expect, test } from 'vitest';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { call, webhookBody } from '../emulatorClient.ts';

// The sandbox limit of 100 Enabled webhooks (4.3, 8) holds under concurrency:
// near the limit, 100 creates and 20 enables sent at once never leave more than
// 100 webhooks Enabled, in three rounds that each free 20 places first.

const LIMIT = 100;
const CREATES = 100;
const ENABLES = 20;
const ROUNDS = 3;
/** Loopback discard port: nothing is ever delivered anywhere. */
const UNUSED_URL = 'http://127.0.0.1:9/limit';

const target = emulatorPerFile();
const create = () => call(target.url, 'POST', '/webhooks', { token: target.token, body: webhookBody(UNUSED_URL) });
const setStatus = (id: string, action: 'enable' | 'disable') =>
  call(target.url, 'POST', `/webhooks/${id}/${action}`, { token: target.token });

async function statuses(): Promise<Map<string, string>> {
  const listed = await call(target.url, 'GET', '/webhooks?page[limit]=1000', { token: target.token });
  expect(listed.status).toBe(200);
  return new Map(
    listed.body.data.map((webhook: { id: string; attributes: { status: string } }) => [webhook.id, webhook.attributes.status]),
  );
}

const enabledIn = (all: Map<string, string>) => [...all].filter(([, status]) => status === 'Enabled').map(([id]) => id);

test(`${CREATES} creates and ${ENABLES} enables at once near the limit never leave more than ${LIMIT} Enabled`, async () => {
  while (enabledIn(await statuses()).length < LIMIT) expect((await create()).status).toBe(201);
  const figures: string[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Free 20 places by disabling 20 Enabled webhooks; the 20 enables aim at them.
    const freed = enabledIn(await statuses()).slice(0, ENABLES);
    for (const id of freed) expect((await setStatus(id, 'disable')).status).toBe(200);
    const answers = await Promise.all([...Array.from({ length: CREATES }, create), ...freed.map((id) => setStatus(id, 'enable'))]);
    const succeeded = answers.filter((answer) => answer.status === 200 || answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 409);
    const enabled = enabledIn(await statuses()).length;
    figures.push(`round ${round}: ${succeeded} succeeded, ${refused.length} refused 409, ${enabled} Enabled after`);

    expect(succeeded + refused.length, 'every answer is a success or a 409').toBe(answers.length);
    expect(succeeded).toBe(ENABLES);
    expect(enabled).toBe(LIMIT);
    expect(refused[0]?.body.errors[0]).toMatchObject({ status: '409' });
  }
  console.log(`concurrent webhook limit (${CREATES} creates + ${ENABLES} enables at once, ${ENABLES} places free): ${figures.join('; ')}`);
}, 60_000);
