import { randomBytes } from 'node:crypto';
import { type Scope, SCOPES } from './scopes.ts';

// Bearer tokens the emulator accepts, each with its scope set (section 5.1).
// Tokens are minted at random; the emulator never logs them.

/** Operator-chosen tokens shorter than this are refused: too easy to guess. */
export const MIN_TOKEN_LENGTH = 8;

export class TokenRegistry {
  private readonly tokens = new Map<string, ReadonlySet<Scope>>();
  /** Tokens minted here, as against configured ones: only these are saved (the operator configures the others at each start). */
  private readonly minted = new Set<string>();

  mint(scopes: readonly Scope[] = SCOPES): string {
    const token = `emu_${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, new Set(scopes));
    this.minted.add(token);
    return token;
  }

  /** Accept a token chosen by the operator (e.g. from an environment variable). */
  register(token: string, scopes: readonly Scope[] = SCOPES): void {
    if (token.length < MIN_TOKEN_LENGTH) throw new RangeError(`a configured token must be at least ${MIN_TOKEN_LENGTH} characters long`);
    this.tokens.set(token, new Set(scopes));
  }

  scopesOf(token: string): ReadonlySet<Scope> | undefined {
    return this.tokens.get(token);
  }

  exportState(): Array<{ token: string; scopes: Scope[] }> {
    return [...this.minted].map((token) => ({ token, scopes: [...this.tokens.get(token)!] }));
  }

  /** Adds the saved minted tokens and keeps every token held now: a credential handed out stays valid across a snapshot's restore. */
  importState(saved: unknown): void {
    for (const { token, scopes } of saved as Array<{ token: string; scopes: Scope[] }>) {
      this.tokens.set(token, new Set(scopes));
      this.minted.add(token);
    }
  }
}
