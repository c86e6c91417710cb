import { randomBytes } from 'node:crypto';
import { type Scope, SCOPES } from './scopes.ts';

// Bearer tokens the emulator accepts, each with its scope set (section 5.1).
// Tokens are minted at random; the emulator never logs them.

/** Operator-chosen tokens shorter than this are refused: too easy to guess. */
export const MIN_TOKEN_LENGTH = 8;

export class TokenRegistry {
  private readonly tokens = new Map<string, ReadonlySet<Scope>>();

  mint(scopes: readonly Scope[] = SCOPES): string {
    const token = `emu_${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, new Set(scopes));
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
}
