import type { Account, DepositProduct, PaymentType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';

// Deposit products and accounts are outside the documents; the emulator makes
// them on request so that positive pay has something to act on.

type FixtureState = Pick<EmulatorState, 'ids' | 'positivePay'>;

/** `fixedId` names the resource (fixture ids a manifest refers to); otherwise the next id. */
export function createDepositProduct(state: FixtureState, positivePayOptIn: PaymentType[], fixedId?: string): DepositProduct {
  const id = fixedId === undefined ? state.ids.next('depositProduct') : state.ids.claim('depositProduct', fixedId);
  const product: DepositProduct = { id, name: `Checking product ${id}`, positivePayOptIn };
  state.positivePay.addProduct(product);
  return product;
}

export function createAccount(state: FixtureState, depositProductId: string, positivePayOptIn?: PaymentType[], fixedId?: string): Account {
  const id = fixedId === undefined ? state.ids.next('account') : state.ids.claim('account', fixedId);
  const account: Account = { id, depositProductId, customerId: state.ids.next('customer') };
  if (positivePayOptIn) account.positivePayOptIn = positivePayOptIn;
  state.positivePay.addAccount(account);
  return account;
}
