import type { ControlClient } from './controlClient.ts';
import type { TargetInfo } from './targetManifest.ts';

// Accounts and deposit products to act on. The documents do not show how to
// create them, so they come from the manifest, or fresh from the control
// endpoints when the target claims fixtureProvisioning.

export interface AccountFixture {
  accountId: string;
  depositProductId: string;
}

export interface FixtureProvider {
  account(): Promise<AccountFixture>;
}

export function createFixtureProvider(target: TargetInfo, control: ControlClient): FixtureProvider {
  return {
    async account() {
      if (target.capabilities.has('fixtureProvisioning')) {
        const account = await control.createAccount();
        return { accountId: account.id, depositProductId: account.depositProductId };
      }
      const { accountId, depositProductId } = target.fixtures;
      if (!accountId || !depositProductId) {
        throw new Error(`target '${target.name}' has no fixtures.accountId/depositProductId and does not claim fixtureProvisioning`);
      }
      return { accountId, depositProductId };
    },
  };
}
