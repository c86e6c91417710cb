import type { Account, DepositProduct, PaymentType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';

// Deposit products and accounts are outside the documents; the emulator makes
// them on request so that positive pay has something to act on.

type FixtureState = Pick<EmulatorState, 'ids' | 'depositProducts' | 'accounts'>;

export function createDepositProduct(state: FixtureState, positivePayOptIn: PaymentType[]): DepositProduct {
  const id = state.ids.next('depositProduct');
  const product: DepositProduct = { id, name: `Checking product ${id}`, positivePayOptIn };
  state.depositProducts.set(id, product);
  return product;
}

export function createAccount(state: FixtureState, depositProductId: string, positivePayOptIn?: PaymentType[]): Account {
  const id = state.ids.next('account');
  const account: Account = { id, depositProductId, customerId: state.ids.next('customer') };
  if (positivePayOptIn) account.positivePayOptIn = positivePayOptIn;
  state.accounts.set(id, account);
  return account;
}
