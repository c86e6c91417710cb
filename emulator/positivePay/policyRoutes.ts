import type { FastifyInstance } from 'fastify';
import type { EmulatorState } from '../core/emulatorState.ts';
import { notFound, sendDocument } from '../core/jsonApi.ts';
import { readResource, type ResourceObject } from '../core/requestBody.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { existingAccountId } from './ruleRequest.ts';

// Section 4.1: account-level opt-in (policy) and product-level default opt-in.
// Both responses are "not shown"; the emulator answers 200 with a JSON:API
// document describing the resulting opt-in:
//   policy:  {data: {type: 'positivePayPolicy', id: <account id>,
//             attributes: {optInTypes}, relationships: {account: {data: {type: 'depositAccount', id}}}}}
//   product: {data: {type: 'depositProduct', id, attributes: {name, positivePayOptIn}}}
// The policy has no id of its own in the documents; one policy per account, so
// it borrows the account's id.

function optInTypes(behaviour: PositivePayBehaviour, resource: ResourceObject) {
  if (resource.attributes.optInTypes === undefined && !behaviour.policyRequiresOptInTypes) return [];
  return behaviour.readOptIn(resource, 'optInTypes');
}

export function registerPolicyRoutes(app: FastifyInstance, state: EmulatorState, behaviour: PositivePayBehaviour): void {
  app.post('/positive-pay-policy', { config: { scope: 'payments-write' } }, async (request, reply) => {
    const resource = readResource(request.body, ['positivePayPolicy']);
    const types = optInTypes(behaviour, resource);
    const accountId = existingAccountId(state, resource);
    const account = state.positivePay.account(accountId)!;
    account.positivePayOptIn = types;
    return sendDocument(reply, 200, {
      data: {
        type: 'positivePayPolicy',
        id: accountId,
        attributes: { optInTypes: types },
        relationships: { account: { data: { type: 'depositAccount', id: accountId } } },
      },
    });
  });

  // Section 4.1: required scope not shown, so any valid token may call it.
  app.patch<{ Params: { id: string } }>('/deposit-products/:id', async (request, reply) => {
    const product = state.positivePay.product(request.params.id);
    if (!product) throw notFound('deposit product', request.params.id);
    const resource = readResource(request.body, ['updateDepositProduct']);
    product.positivePayOptIn = behaviour.readOptIn(resource, 'positivePayOptIn');
    return sendDocument(reply, 200, {
      data: { type: 'depositProduct', id: product.id, attributes: { name: product.name, positivePayOptIn: product.positivePayOptIn } },
    });
  });
}
