import type { FastifyContextConfig, FastifyInstance, FastifyReply } from 'fastify';
import type { PositivePayRule } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { notFound, sendDocument } from '../core/jsonApi.ts';
import type { PositivePayBehaviour } from './positivePayBehaviour.ts';
import { renderRule } from './ruleRendering.ts';
import { queryRules, readRuleQuery } from './ruleQuery.ts';
import { readRuleRequest } from './ruleRequest.ts';

// Section 4.2: create, get, list and cancel positive pay rules (states of 3.1).

type IdParams = { Params: { id: string } };

export function findRule(state: EmulatorState, id: string): PositivePayRule {
  const rule = state.positivePay.rule(id);
  if (!rule) throw notFound('positive pay rule', id);
  return rule;
}

export function registerRuleRoutes(app: FastifyInstance, state: EmulatorState, behaviour: PositivePayBehaviour): void {
  app.post('/positive-pay', { config: { scope: 'payments-write' } }, async (request, reply) => {
    const fields = readRuleRequest(state, behaviour, request.body);
    const drawdown = fields.type === 'drawdownPositivePay';
    const rule: PositivePayRule = {
      ...fields,
      id: state.ids.next('positivePay'),
      createdAt: state.clock.stamp(),
      // Section 3.1: a drawdown rule is only recorded until its document arrives.
      status: drawdown ? behaviour.newDrawdownStatus : 'Active',
    };
    state.positivePay.addRule(rule);
    const refusal = behaviour.refusalAfterStoring(rule);
    if (refusal) throw refusal;
    return sendDocument(reply, 201, { data: renderRule(state, behaviour, rule) });
  });

  app.get<IdParams>('/positive-pay/:id', { config: { scope: 'payments' } }, async (request, reply) =>
    sendDocument(reply, 200, { data: renderRule(state, behaviour, findRule(state, request.params.id)) }),
  );

  const listScope: FastifyContextConfig = behaviour.listRequiresScope ? { scope: 'payments' } : {};
  app.get('/positive-pay', { config: listScope }, async (request, reply) => {
    const page = queryRules(state, behaviour, readRuleQuery(behaviour, request.query as Record<string, unknown>));
    const pagination: Record<string, number> = { limit: page.limit, offset: page.offset };
    if (behaviour.listShowsTotal) pagination.total = page.total;
    return sendDocument(reply, 200, { data: page.rules.map((rule) => renderRule(state, behaviour, rule)), meta: { pagination } });
  });

  // Section 4.2: cancel takes no body. Its own scope ignores whatever body comes
  // (an empty body declared as JSON would otherwise be a parse error).
  app.register(async (noBody) => {
    noBody.removeAllContentTypeParsers();
    noBody.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    noBody.post<IdParams>(
      '/positive-pay/:id/cancel',
      { config: { scope: 'payments-write', recordsEvents: true } },
      async (request, reply) => cancelRule(state, behaviour, request.params.id, reply),
    );
  });
}

// Section 3.1 rule 3: which states permit cancel is not shown. The emulator
// cancels from any state and answers a repeated cancel with 200 as well (idempotent).
function cancelRule(state: EmulatorState, behaviour: PositivePayBehaviour, id: string, reply: FastifyReply): FastifyReply {
  const rule = findRule(state, id);
  if (rule.status !== 'Cancelled' && behaviour.cancelMovesToCancelled) {
    rule.status = 'Cancelled';
    if (behaviour.cancelPublishesEvent(rule)) {
      state.events.publish({
        type: 'positivePay.cancelled',
        relationships: {
          positivePay: { data: { type: rule.type, id: rule.id } },
          account: { data: { type: 'depositAccount', id: rule.accountId } },
        },
      });
    }
  }
  return sendDocument(reply, 200, { data: renderRule(state, behaviour, rule) });
}
