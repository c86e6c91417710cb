import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { AccountFixture } from '../../harness/targetIO/fixtureProvider.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { isSuccess } from '../shared/ruleSteps.ts';
import { mayChangeOptIn, type OptInHolder, policyBody, productBody } from '../shared/fixtureOptIn.ts';

// No documented operation reads an opt-in back (2.2, 2.3), so whether an invalid
// policy or product update changed it shows only in decisioning: with a known
// opt-in of [ReceivedAchDebit], an ACH debit no rule matches is blocked and a
// check no rule matches is processed (1.2). Where the target cannot simulate
// payments, or the product default would be hidden by an account's own policy,
// the effect is unobservable and its MUST half SKIPs saying so.

const KNOWN_OPT_IN = ['ReceivedAchDebit'];

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

/** What changed in the account's effective opt-in since knownOptInFor, or undefined when nothing did. */
export async function optInChange(ctx: ScenarioContext, accountId: string): Promise<{ change?: string; responses: ApiResponse[] }> {
  const debit = await ctx.simulation.receive(
    { kind: 'ReceivedAchDebit', accountId, amount: 1234, originatorName: `conformance unmatched ${ctx.faker.string.alphanumeric(10)}` },
    ctx.api,
  );
  const check = await ctx.simulation.receive(
    { kind: 'CheckPayment', accountId, amount: 1234, checkNumber: ctx.faker.string.numeric(9) },
    ctx.api,
  );
  const changes: string[] = [];
  if (debit.decision.status !== 'Blocked')
    changes.push(`an ACH debit no rule matches was ${debit.decision.status}, so ReceivedAchDebit is no longer opted in`);
  if (check.decision.status !== 'Processed')
    changes.push(`a check no rule matches was ${check.decision.status}, so CheckPayment is now opted in`);
  return { ...(changes.length ? { change: changes.join('; ') } : {}), responses: [debit.response, check.response] };
}
