import { TargetRequestError, type ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import {
  pngOfSize,
  SAMPLE_DOCUMENTS,
  sampleDocument,
  SIZE_BETWEEN_READINGS,
  SIZE_OVER_ANY_READING,
  SIZE_WITHIN_ANY_READING,
} from '../shared/documentBodies.ts';
import { DOCUMENT_SIZE_MB } from '../../contract/facts/documentLimits.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { MINIMAL, type RuleStatus, type RuleType } from '../shared/ruleRequests.ts';
import { missingOrChanged } from './ruleComparison.ts';
import { joinChanges, movedByItself, type ProbeChange, stateChange } from '../shared/ownResourceProbes.ts';
import { getRule, is4xx, isSuccess, markCancelled, requireRule, statusOf, type RuleResource } from '../shared/ruleSteps.ts';

// Sections 3.1, 4.2, 7, 8: PUT /positive-pay/{id}/documents.

/** What an accepted upload moves a drawdown rule to (3.1: AwaitingDocuments → Active). */
const UPLOAD_SETS_STATUS: RuleStatus = 'Active';

function upload(ctx: ScenarioContext, id: string, bytes: Buffer, contentType: string | undefined): Promise<ApiResponse> {
  return ctx.api.call('positivePay.uploadDocument', { params: { id }, rawBody: bytes, ...(contentType ? { contentType } : {}) });
}

async function awaitingDrawdown(ctx: ScenarioContext): Promise<RuleResource> {
  const { accountId } = await ctx.fixtures.account();
  const rule = await requireRule(ctx, 'drawdownPositivePay', {}, accountId);
  if (rule.attributes?.status !== 'AwaitingDocuments') {
    throw new Error(`a new drawdown rule is ${rule.attributes?.status}, not AwaitingDocuments, so an upload's effect cannot be seen`);
  }
  return rule;
}

const acceptedTypes = SAMPLE_DOCUMENTS.map(({ contentType, file }) =>
  defineScenario({
    id: `positive-pay/upload/accepted/${contentType}`,
    area: 'positive-pay',
    requirements: ['PP-UPLOAD-ACCEPTED-TYPES', 'PP-UPLOAD-ACTIVATES', 'PP-UPLOAD-RESPONSE'],
    async run(ctx) {
      const rule = await awaitingDrawdown(ctx);
      const response = await upload(ctx, rule.id, sampleDocument(file), contentType);
      ctx.check.expect(
        'PP-UPLOAD-ACCEPTED-TYPES',
        isSuccess(response),
        `an upload with Content-Type ${contentType}: expected success; got ${response.status}`,
        response,
      );
      ctx.check.observe(
        'PP-UPLOAD-RESPONSE',
        { status: response.status, dataType: response.body?.data?.type, dataStatus: response.body?.data?.attributes?.status },
        `an accepted upload answered ${response.status}`,
        response,
      );
      if (!isSuccess(response)) return;
      const status = await statusOf(ctx, rule.id);
      ctx.check.expect(
        'PP-UPLOAD-ACTIVATES',
        status === UPLOAD_SETS_STATUS,
        `an accepted upload: expected the drawdown rule Active; it reads ${status}`,
        response,
      );
    },
  }),
);

/** Content types outside section 8's list, each with a body that fits its label. */
const REFUSED_TYPES: ReadonlyArray<{ contentType: string | undefined; body: () => Buffer }> = [
  { contentType: 'text/plain', body: () => Buffer.from('I authorize this drawdown.\n') },
  { contentType: 'image/gif', body: () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1') },
  { contentType: 'image/tiff', body: () => Buffer.from('II*\x00\x08\x00\x00\x00', 'latin1') },
  { contentType: 'application/octet-stream', body: () => sampleDocument('authorization.pdf') },
  { contentType: 'application/json', body: () => Buffer.from('{"document":"authorization"}') },
  { contentType: JSON_API, body: () => Buffer.from('{"data":{"type":"document"}}') },
  { contentType: undefined, body: () => sampleDocument('authorization.png') },
];

const refusedTypes = REFUSED_TYPES.map(({ contentType, body }) => {
  const label = contentType ?? 'no Content-Type';
  return defineScenario({
    id: `positive-pay/upload/refused/${label}`,
    area: 'positive-pay',
    requirements: ['PP-UPLOAD-CONTENT-TYPE-REFUSED', 'PP-UPLOAD-CONTENT-TYPE-4XX'],
    async run(ctx) {
      const rule = await awaitingDrawdown(ctx);
      const response = await upload(ctx, rule.id, body(), contentType);
      const status = await statusOf(ctx, rule.id);
      ctx.check.expect(
        'PP-UPLOAD-CONTENT-TYPE-REFUSED',
        !isSuccess(response) && status === 'AwaitingDocuments',
        `an upload with ${label}: expected a refusal and the rule still AwaitingDocuments; got ${response.status}, rule ${status}`,
        response,
      );
      ctx.check.expect(
        'PP-UPLOAD-CONTENT-TYPE-4XX',
        is4xx(response),
        `an upload with ${label}: expected a 4xx; got ${response.status}`,
        response,
      );
    },
  });
});

const sizeWithin = defineScenario({
  id: `positive-pay/upload/size/${SIZE_WITHIN_ANY_READING}-bytes`,
  area: 'positive-pay',
  requirements: ['PP-UPLOAD-SIZE-AT-LIMIT'],
  async run(ctx) {
    const rule = await awaitingDrawdown(ctx);
    const response = await upload(ctx, rule.id, pngOfSize(SIZE_WITHIN_ANY_READING), 'image/png');
    const status = isSuccess(response) ? await statusOf(ctx, rule.id) : undefined;
    ctx.check.expect(
      'PP-UPLOAD-SIZE-AT-LIMIT',
      isSuccess(response) && status === UPLOAD_SETS_STATUS,
      `a ${SIZE_WITHIN_ANY_READING}-byte PNG: expected it accepted and the rule Active; got ${response.status}, rule ${status}`,
      response,
    );
  },
});

/**
 * A server may stop reading an oversized body and close the connection; that is
 * a refusal too, though without a status to judge.
 */
async function uploadOversized(ctx: ScenarioContext, id: string, size: number): Promise<{ response?: ApiResponse; error?: string }> {
  try {
    return { response: await upload(ctx, id, pngOfSize(size), 'image/png') };
  } catch (error) {
    if (error instanceof TargetRequestError) return { error: error.message };
    throw error;
  }
}

const sizeOver = defineScenario({
  id: `positive-pay/upload/size/${DOCUMENT_SIZE_MB}MiB-plus-1-byte`,
  area: 'positive-pay',
  requirements: ['PP-UPLOAD-SIZE-OVER-REFUSED', 'PP-UPLOAD-SIZE-OVER-4XX'],
  async run(ctx) {
    const rule = await awaitingDrawdown(ctx);
    const { response, error } = await uploadOversized(ctx, rule.id, SIZE_OVER_ANY_READING);
    const status = await statusOf(ctx, rule.id);
    const answer = response ? String(response.status) : `no answer (${error})`;
    ctx.check.expect(
      'PP-UPLOAD-SIZE-OVER-REFUSED',
      !(response && isSuccess(response)) && status === 'AwaitingDocuments',
      `a ${SIZE_OVER_ANY_READING}-byte document: expected a refusal and the rule still AwaitingDocuments; got ${answer}, rule ${status}`,
      response,
    );
    ctx.check.expect(
      'PP-UPLOAD-SIZE-OVER-4XX',
      response !== undefined && is4xx(response),
      `a ${SIZE_OVER_ANY_READING}-byte document: expected a 4xx; got ${answer}`,
      response,
    );
  },
});

const sizeBetween = defineScenario({
  id: 'positive-pay/upload/size/20000001-bytes',
  area: 'positive-pay',
  requirements: ['PP-UPLOAD-SIZE-BETWEEN'],
  async run(ctx) {
    const rule = await awaitingDrawdown(ctx);
    const { response, error } = await uploadOversized(ctx, rule.id, SIZE_BETWEEN_READINGS);
    const status = await statusOf(ctx, rule.id);
    ctx.check.observe(
      'PP-UPLOAD-SIZE-BETWEEN',
      { status: response?.status ?? null, error: error ?? null, ruleStatus: status },
      `a ${SIZE_BETWEEN_READINGS}-byte document got ${response ? response.status : error}; the rule reads ${status}`,
      response,
    );
  },
});

const NON_DRAWDOWN: RuleType[] = ['receivedAchDebitPositivePay', 'receivedAchCreditPositivePay', 'checkPaymentPositivePay'];

/**
 * What an upload may have changed on a rule. Its effect is what an upload sets: the status it moves a
 * rule to (Active, 3.1), or any attribute besides the status, which nothing else moves. A status
 * moved elsewhere (Expired as its expirationDate passes, 3.1) the rule did by itself.
 */
function uploadChange(ruleId: string, before: Record<string, unknown>, after: Record<string, unknown>): ProbeChange {
  const { status: statusBefore, ...restBefore } = before;
  const { status: statusAfter, ...restAfter } = after;
  const others = missingOrChanged(restBefore, restAfter);
  return joinChanges([
    stateChange(`rule ${ruleId} status`, statusBefore, statusAfter, (value) => value === UPLOAD_SETS_STATUS),
    others.length > 0 ? { effect: others.join('; ') } : {},
  ]);
}

const drawdownOnly = NON_DRAWDOWN.map((type) =>
  defineScenario({
    id: `positive-pay/upload/not-drawdown/${type}`,
    area: 'positive-pay',
    requirements: ['PP-UPLOAD-DRAWDOWN-ONLY-REFUSED', 'PP-UPLOAD-DRAWDOWN-ONLY'],
    async run(ctx) {
      const { accountId } = await ctx.fixtures.account();
      const rule = await requireRule(ctx, type, MINIMAL[type](ctx.faker), accountId);
      const before = await getRule(ctx, rule.id);
      if (!before.rule)
        throw new Error(`GET /positive-pay/${rule.id} answered ${before.response.status}; the rule's state before the upload is needed`);
      const response = await upload(ctx, rule.id, sampleDocument('authorization.pdf'), 'application/pdf');
      const after = await getRule(ctx, rule.id);
      const change = after.rule
        ? uploadChange(rule.id, before.rule.attributes, after.rule.attributes)
        : { effect: `the rule can no longer be read (${after.response.status})` };
      ctx.check.expect(
        'PP-UPLOAD-DRAWDOWN-ONLY-REFUSED',
        !isSuccess(response) && change.effect === undefined,
        `an upload to a ${type} rule: expected no success and the rule unchanged; answered ${response.status}${change.effect ? `, and the rule changed: ${change.effect}` : ', the rule is unchanged by it'}${movedByItself(change, 'an upload')}`,
        [response, after.response],
      );
      ctx.check.expect(
        'PP-UPLOAD-DRAWDOWN-ONLY',
        is4xx(response),
        `an upload to a ${type} rule: expected a 4xx; got ${response.status}`,
        response,
      );
    },
  }),
);

const unknownRule = defineScenario({
  id: 'positive-pay/upload/unknown-id',
  area: 'positive-pay',
  requirements: ['PP-UPLOAD-UNKNOWN'],
  async run(ctx) {
    const response = await upload(ctx, '999999999999', sampleDocument('authorization.png'), 'image/png');
    ctx.check.expect(
      'PP-UPLOAD-UNKNOWN',
      is4xx(response),
      `an upload to an unknown rule id: expected a 4xx; got ${response.status}`,
      response,
    );
  },
});

const notAwaiting = defineScenario({
  id: 'positive-pay/upload/not-awaiting-documents',
  area: 'positive-pay',
  requirements: ['PP-UPLOAD-NOT-AWAITING'],
  async run(ctx) {
    const rule = await awaitingDrawdown(ctx);
    const first = await upload(ctx, rule.id, sampleDocument('authorization.png'), 'image/png');
    const active = await statusOf(ctx, rule.id);
    const again = await upload(ctx, rule.id, sampleDocument('authorization.jpg'), 'image/jpeg');
    ctx.check.observe(
      'PP-UPLOAD-NOT-AWAITING',
      { from: active, status: again.status, readBack: await statusOf(ctx, rule.id) },
      `a second upload to a drawdown rule in ${active} (first upload ${first.status}) answered ${again.status}`,
      again,
    );
    const cancel = await ctx.api.send('POST', `/positive-pay/${encodeURIComponent(rule.id)}/cancel`);
    if (cancel.status === 200) markCancelled(ctx, rule.id);
    const cancelled = await statusOf(ctx, rule.id);
    const late = await upload(ctx, rule.id, sampleDocument('authorization.pdf'), 'application/pdf');
    ctx.check.observe(
      'PP-UPLOAD-NOT-AWAITING',
      { from: cancelled, status: late.status, readBack: await statusOf(ctx, rule.id) },
      `an upload to a drawdown rule in ${cancelled} answered ${late.status}`,
      late,
    );
  },
});

export const uploadScenarios: Scenario[] = [
  ...acceptedTypes,
  ...refusedTypes,
  sizeWithin,
  sizeOver,
  sizeBetween,
  ...drawdownOnly,
  unknownRule,
  notAwaiting,
];
