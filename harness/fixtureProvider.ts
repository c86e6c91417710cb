import type { ControlClient } from './controlClient.ts';
import type { OptInType } from './decisionModel.ts';
import type { TargetInfo } from './targetManifest.ts';

// Accounts and deposit products to act on. The documents do not show how to
// create them, so they come from the manifest, or fresh from the control
// endpoints when the target claims fixtureProvisioning.

export interface AccountFixture {
  accountId: string;
  depositProductId: string;
  /** Made for this scenario: whatever the scenario changes on it is nobody else's. */
  fresh: boolean;
  /** The opt-in a fixed fixture's account and product have, as its manifest declares (nothing reads it back: 2.2, 2.3). */
  declaredOptIn: { account?: readonly OptInType[]; product?: readonly OptInType[] };
}

export interface FixtureProvider {
  account(): Promise<AccountFixture>;
}

export function createFixtureProvider(target: TargetInfo, control: ControlClient): FixtureProvider {
  return {
    async account() {
      if (target.capabilities.has('fixtureProvisioning')) {
        const account = await control.createAccount();
        return { accountId: account.id, depositProductId: account.depositProductId, fresh: true, declaredOptIn: {} };
      }
      const { accountId, depositProductId, accountOptIn, depositProductOptIn } = target.fixtures;
      if (!accountId || !depositProductId) {
        throw new Error(`target '${target.name}' has no fixtures.accountId/depositProductId and does not claim fixtureProvisioning`);
      }
      return {
        accountId,
        depositProductId,
        fresh: false,
        declaredOptIn: { ...(accountOptIn ? { account: accountOptIn } : {}), ...(depositProductOptIn ? { product: depositProductOptIn } : {}) },
      };
    },
  };
}
