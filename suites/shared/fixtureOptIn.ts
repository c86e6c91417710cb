import type { PaymentType as OptInType } from '../../contract/facts/positivePay.ts';
import type { AccountFixture } from '../../harness/targetIO/fixtureProvider.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';

// A scenario that changes the fixture's positive pay opt-in (the account's
// policy, 2.2; the product's default, 2.3) must put it back, and the documents
// have no operation that reads it. On a shared sandbox the fixture is somebody's
// configuration: it is put back to what the manifest declares, never guessed.
// A fresh fixture is the scenario's own; with heavy probes (the manifest's
// consent to irreversible traces) an undeclared opt-in is reset to [].

export type OptInHolder = 'account' | 'product';

const FIELD = { account: 'accountOptIn', product: 'depositProductOptIn' } as const;
const WHAT: Record<OptInHolder, string> = { account: 'account policy', product: 'deposit product default opt-in' };
/** What the scenario moves (harness/engine/sharedState.ts): it must declare it. */
const STATE = { account: 'account-opt-in', product: 'product-opt-in' } as const;

/** A policy request body (2.2); `optInTypes` or the account left out for the invalid cases. */
export const policyBody = (optInTypes: unknown, accountId: string | undefined) => {
  const data: Record<string, unknown> = { type: 'positivePayPolicy', attributes: optInTypes === undefined ? {} : { optInTypes } };
  if (accountId !== undefined) data.relationships = { account: { data: { type: 'account', id: accountId } } };
  return { data };
};

/** A deposit product update body (2.3); `positivePayOptIn` left out for the invalid case. */
export const productBody = (positivePayOptIn: unknown) => ({
  data: { type: 'updateDepositProduct', attributes: positivePayOptIn === undefined ? {} : { positivePayOptIn } },
});

type Restore = { to?: readonly OptInType[] } | { cannot: string };

function plannedRestore(ctx: ScenarioContext, holder: OptInHolder): Restore {
  // A provisioned fixture is fresh, made for this scenario: nothing of anybody's to put back.
  if (ctx.target.capabilities.has('fixtureProvisioning')) return {};
  const declared = ctx.target.fixtures[FIELD[holder]];
  if (declared) return { to: declared };
  if (ctx.target.heavyProbes) return { to: [] };
  return {
    cannot:
      `changes the fixture's ${WHAT[holder]}, which no documented operation reads back (2.2, 2.3), so it could not be put back: ` +
      `declare its current value as fixtures.${FIELD[holder]} in the manifest, or ${ctx.optionWords ? `run with ${ctx.optionWords.heavyProbes}` : 'set "heavyProbes": true in it'} to let it be reset to []`,
  };
}

/** Why a scenario that changes this opt-in must not run (it could not be put back); undefined when it may. */
export function whyOptInCannotBePutBack(ctx: ScenarioContext, holder: OptInHolder): string | undefined {
  const restore = plannedRestore(ctx, holder);
  return 'cannot' in restore ? restore.cannot : undefined;
}

function putBack(ctx: ScenarioContext, fixture: AccountFixture, holder: OptInHolder, to: readonly OptInType[]) {
  return holder === 'account'
    ? ctx.api.call('positivePayPolicy.create', { body: policyBody([...to], fixture.accountId) })
    : ctx.api.call('depositProduct.update', { params: { id: fixture.depositProductId }, body: productBody([...to]) });
}

/**
 * For a scenario whose request changes the opt-in when it succeeds: registers the
 * put-back and returns true, or SKIPs the scenario's requirements with the reason
 * and returns false when the opt-in could not be put back.
 */
export function mayChangeOptIn(
  ctx: ScenarioContext,
  fixture: AccountFixture,
  holder: OptInHolder,
  requirements: readonly string[],
): boolean {
  ctx.shared.use(STATE[holder], 'moves', `a change of the fixture's ${WHAT[holder]}`);
  const restore = plannedRestore(ctx, holder);
  if ('cannot' in restore) {
    for (const id of requirements) ctx.check.skip(id, restore.cannot);
    return false;
  }
  const { to } = restore;
  if (to) ctx.cleanup.add(`put back the ${WHAT[holder]} of the fixture`, () => putBack(ctx, fixture, holder, to));
  return true;
}

/**
 * For a request that MUST NOT succeed: if the target took it anyway, the opt-in
 * is put back where that is possible, and otherwise the note says it was left.
 */
export function putBackIfTaken(ctx: ScenarioContext, fixture: AccountFixture, holder: OptInHolder, taken: () => boolean): void {
  ctx.shared.use(STATE[holder], 'moves', `a request that may change the fixture's ${WHAT[holder]}`);
  ctx.cleanup.add(`put back the ${WHAT[holder]} of the fixture if the target took the invalid request`, async () => {
    if (!taken()) return;
    const restore = plannedRestore(ctx, holder);
    if ('cannot' in restore)
      ctx.log(
        `the target took an invalid request that may have changed the fixture's ${WHAT[holder]}; it was left as the target set it (fixtures.${FIELD[holder]} not declared)`,
      );
    else if (restore.to) await putBack(ctx, fixture, holder, restore.to);
  });
}
