import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { AccountFixture } from '../../harness/targetIO/fixtureProvider.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { isSuccess } from '../shared/ruleSteps.ts';
import { mayChangeOptIn, type OptInHolder, policyBody, productBody } from '../shared/fixtureOptIn.ts';
import { PAYMENT_TYPES, type PaymentType } from '../../contract/facts/positivePay.ts';
import type { SimulatedPayment } from '../../harness/targetIO/simulation/paymentSimulation.ts';

// No documented operation reads an opt-in back (2.2, 2.3), so whether an invalid
// policy or product update changed it shows only in decisioning: with a known
// opt-in of [ReceivedAchDebit], an ACH debit no rule matches is blocked and a
// check or an ACH credit no rule matches is processed (1.2). Where the target cannot simulate
// payments, or the product default would be hidden by an account's own policy,
// the effect is unobservable and its MUST half SKIPs saying so.

const KNOWN_OPT_IN: readonly PaymentType[] = ['ReceivedAchDebit'];

/** Why the effect on the opt-in cannot be seen here, or undefined when it can. */
function unobservable(ctx: ScenarioContext, holder: OptInHolder): string | undefined {
  if (!ctx.target.capabilities.has('paymentSimulation')) {
    return 'no documented operation reads the opt-in back (2.2, 2.3); its effect shows only in decisioning, and the target does not claim paymentSimulation';
  }
  if (ctx.target.environment !== 'sandbox') {
    return 'no documented operation reads the opt-in back (2.2, 2.3); its effect shows only in decisioning, observed through simulated payments, which exist only in the sandbox (4.5)';
  }
  if (holder === 'product' && !ctx.target.capabilities.has('fixtureProvisioning')) {
    return 'the product default shows in decisioning only on an account without a policy of its own, which needs a fresh account (fixtureProvisioning)';
  }
  return undefined;
}

/**
 * Prepares to judge `mustId`: sets the holder's opt-in to a known value with a valid
 * request. Returns false (the requirement SKIPped with the reason) where it cannot be judged.
 */
export async function knownOptInFor(ctx: ScenarioContext, fixture: AccountFixture, holder: OptInHolder, mustId: string): Promise<boolean> {
  const reason = unobservable(ctx, holder);
  if (reason) {
    ctx.check.skip(mustId, reason);
    return false;
  }
  if (!mayChangeOptIn(ctx, fixture, holder, [mustId])) return false;
  await setKnownOptIn(ctx, fixture, holder);
  return true;
}

async function setKnownOptIn(ctx: ScenarioContext, fixture: AccountFixture, holder: OptInHolder): Promise<void> {
  const response =
    holder === 'account'
      ? await ctx.api.call('positivePayPolicy.create', { body: policyBody(KNOWN_OPT_IN, fixture.accountId) })
      : await ctx.api.call('depositProduct.update', { params: { id: fixture.depositProductId }, body: productBody(KNOWN_OPT_IN) });
  if (!isSuccess(response))
    throw new Error(
      `setting the ${holder} opt-in to [${KNOWN_OPT_IN.join(', ')}] answered ${response.status}, so what an invalid request changes could not be seen`,
    );
}

export interface NoEffectCase {
  /** The MUST id judged. */
  id: string;
  fixture: AccountFixture;
  holder: OptInHolder;
  /** The invalid request in words: "a policy request without-optInTypes". */
  request: string;
  /** Its answer, already sent once after knownOptInFor. */
  response: ApiResponse;
  /** Sends the same invalid request again. */
  sendAgain: () => Promise<ApiResponse>;
}

/**
 * Judges that an invalid request left the opt-in as it was. On a shared sandbox
 * another run may move the same fixture's opt-in meanwhile, so a change is read
 * back before it is judged: the known opt-in is set again and probed with no
 * request between (a change then is someone else's), and the invalid request is
 * sent again; only a change that comes back with it FAILs.
 */
export async function judgeNoEffect(ctx: ScenarioContext, judged: NoEffectCase): Promise<void> {
  const { id, fixture, holder, request, response } = judged;
  const first = await optInChange(ctx, fixture.accountId);
  if (!first.change) {
    ctx.check.pass(
      id,
      `${request} is invalid: expected the opt-in left as it was; it answered ${response.status}, and decisioning shows the opt-in unchanged`,
      [response, ...first.responses],
    );
    return;
  }
  await setKnownOptIn(ctx, fixture, holder);
  const control = await optInChange(ctx, fixture.accountId);
  if (control.change) {
    ctx.check.untestable(
      id,
      `the ${holder}'s opt-in was changed by someone else: set to [${KNOWN_OPT_IN.join(', ')}] again, with no request of this scenario since, ${control.change} (another run on the same fixture?)`,
      control.responses,
    );
    return;
  }
  const again = await judged.sendAgain();
  const second = await optInChange(ctx, fixture.accountId);
  if (!second.change) {
    ctx.check.untestable(id, `after ${request} ${first.change}, but not when it was sent again: the opt-in was changed by someone else`, [
      response,
      ...first.responses,
      again,
      ...second.responses,
    ]);
    return;
  }
  ctx.check.fail(
    id,
    `${request} is invalid: expected the opt-in left as it was; it answered ${response.status}, and ${first.change}; the opt-in set back, the same request answered ${again.status}, and again ${second.change}`,
    [response, ...first.responses, again, ...second.responses],
  );
}

/** A payment of `kind` that no rule matches: what it is decided shows whether its type is opted in (1.2). */
function unmatchedPayment(ctx: ScenarioContext, kind: PaymentType, accountId: string): SimulatedPayment {
  if (kind === 'CheckPayment') return { kind, accountId, amount: 1234, checkNumber: ctx.faker.string.numeric(9) };
  return { kind, accountId, amount: 1234, originatorName: `conformance unmatched ${ctx.faker.string.alphanumeric(10)}` };
}

/**
 * What changed in the account's effective opt-in since knownOptInFor, or undefined when nothing
 * did: one unmatched payment of every opt-in type (2.2), Blocked where the type is opted in,
 * Processed where it is not, so a request that wrongly opts any one type in or out is seen.
 */
export async function optInChange(ctx: ScenarioContext, accountId: string): Promise<{ change?: string; responses: ApiResponse[] }> {
  const changes: string[] = [];
  const responses: ApiResponse[] = [];
  for (const kind of PAYMENT_TYPES) {
    const received = await ctx.simulation.receive(unmatchedPayment(ctx, kind, accountId), ctx.api);
    responses.push(received.response);
    const optedIn = KNOWN_OPT_IN.includes(kind);
    const expected = optedIn ? 'Blocked' : 'Processed';
    if (received.decision.status !== expected)
      changes.push(`a ${kind} no rule matches was ${received.decision.status}, so ${kind} is ${optedIn ? 'no longer' : 'now'} opted in`);
  }
  return { ...(changes.length ? { change: changes.join('; ') } : {}), responses };
}
