import { call, ruleBody, webhookBody } from '../emulatorClient.ts';
import type { KnownIds } from './fuzzRoutes.ts';

// Resources the fuzzer can aim at by id: one of each kind, made through the API
// and the control endpoints like any client would.

const created = (what: string, answer: { status: number; text: string }): never => {
  throw new Error(`setting up the fuzz target: ${what} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
};

export async function createKnownIds(
  baseUrl: string,
  token: string,
  fixtures: { accountId: string; depositProductId: string },
): Promise<KnownIds> {
  const rule = await call(baseUrl, 'POST', '/positive-pay', { token, body: ruleBody(fixtures.accountId) });
  if (rule.status !== 201) created('a rule', rule);
  const drawdown = await call(baseUrl, 'POST', '/positive-pay', {
    token,
    body: {
      data: {
        type: 'drawdownPositivePay',
        attributes: {},
        relationships: { account: { data: { type: 'account', id: fixtures.accountId } } },
      },
    },
  });
  if (drawdown.status !== 201) created('a drawdown rule', drawdown);
  const webhook = await call(baseUrl, 'POST', '/webhooks', { token, body: webhookBody('http://127.0.0.1:9/fuzz') });
  if (webhook.status !== 201) created('a webhook', webhook);
  const event = await call(baseUrl, 'POST', '/_emulator/events', { body: { type: 'account.created' }, contentType: 'application/json' });
  if (event.status !== 201) created('an event', event);
  const application = await call(baseUrl, 'POST', '/applications', {
    token,
    body: {
      data: {
        type: 'individualApplication',
        attributes: {
          fullName: { first: 'Fuzz', last: 'Target' },
          email: 'fuzz@example.com',
          phone: { countryCode: '1', number: '5555550100' },
          address: { street: '1 Main St', city: 'Springfield', state: 'NY', postalCode: '11375', country: 'US' },
          dateOfBirth: '1990-12-10',
          ssn: '000000002',
        },
      },
    },
  });
  if (application.status !== 201 || !application.body.included?.[0]) created('an application awaiting a document', application);
  return {
    ...fixtures,
    ruleId: rule.body.data.id,
    drawdownRuleId: drawdown.body.data.id,
    webhookId: webhook.body.data.id,
    eventId: event.body.events[0].id,
    applicationId: application.body.data.id,
    documentId: application.body.included[0].id,
  };
}
