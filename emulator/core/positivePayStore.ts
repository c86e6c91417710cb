import type { Account, DepositProduct, PositivePayRule } from './domain.ts';

// The records positive pay acts on, held in one place for every area that reads
// them: deposit products and accounts (outside the documents: the emulator makes
// them as fixtures, section 2.3 says whose opt-in counts) and the rules (4.2).
// Rules keep creation order, which the list's sort falls back on. One per emulator.
export class PositivePayStore {
  private readonly products = new Map<string, DepositProduct>();
  private readonly accounts = new Map<string, Account>();
  private readonly rulesById = new Map<string, PositivePayRule>();

  addProduct(product: DepositProduct): void {
    this.products.set(product.id, product);
  }

  product(id: string): DepositProduct | undefined {
    return this.products.get(id);
  }

  addAccount(account: Account): void {
    this.accounts.set(account.id, account);
  }

  account(id: string): Account | undefined {
    return this.accounts.get(id);
  }

  addRule(rule: PositivePayRule): void {
    this.rulesById.set(rule.id, rule);
  }

  rule(id: string): PositivePayRule | undefined {
    return this.rulesById.get(id);
  }

  /** Every rule, in creation order. */
  rules(): IterableIterator<PositivePayRule> {
    return this.rulesById.values();
  }

  exportState(): { products: DepositProduct[]; accounts: Account[]; rules: PositivePayRule[] } {
    return { products: [...this.products.values()], accounts: [...this.accounts.values()], rules: [...this.rulesById.values()] };
  }

  importState(saved: unknown): void {
    const { products, accounts, rules } = saved as ReturnType<PositivePayStore['exportState']>;
    this.products.clear();
    this.accounts.clear();
    this.rulesById.clear();
    for (const product of products) this.addProduct(product);
    for (const account of accounts) this.addAccount(account);
    for (const rule of rules) this.addRule(rule);
  }
}
