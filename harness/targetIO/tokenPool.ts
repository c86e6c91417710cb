import type { ControlClient } from './controlClient.ts';
import { SCOPES, type Scope } from '../../contract/facts/scopes.ts';
import type { SecretRedactor } from '../records/secretRedactor.ts';
import { type TargetInfo } from './targetManifest.ts';
import { SetupError } from '../records/setupError.ts';
import type { OptionWords } from '../records/optionWords.ts';

export const ALL_SCOPES: readonly Scope[] = SCOPES;

// Bearer tokens for a run: from environment variables named by the manifest, or
// minted through the control endpoint when the target claims tokenMinting.
// Token values go to the session's redactor the moment they are known.

export interface ScopedToken {
  value: string;
  scopes: readonly Scope[];
}

export interface TokenPool {
  /** A token carrying every scope. */
  full(): string;
  /** A token with exactly these scopes, or undefined when the target cannot provide one. */
  withScopes(scopes: readonly Scope[]): Promise<string | undefined>;
  /** A token without `scope` (and preferably every other scope), or undefined. */
  lacking(scope: Scope): Promise<string | undefined>;
  /**
   * The token with the fewest scopes that holds `scope` and lacks at least one
   * other (exactly `scope` where it can be had), or undefined when only the full
   * token holds it: the closest a target's tokens come to "only this scope".
   */
  narrowestHolding(scope: Scope): Promise<ScopedToken | undefined>;
  /** The scopes of a token this pool gave out, for messages (never the value). */
  scopesOf(token: string): readonly Scope[] | undefined;
}

const key = (scopes: readonly Scope[]) => [...scopes].sort().join(' ');

class MintingTokenPool implements TokenPool {
  private readonly minted = new Map<string, Promise<string>>();
  private readonly scopesByToken = new Map<string, readonly Scope[]>();
  constructor(
    private readonly control: ControlClient,
    private readonly fullToken: string,
    private readonly redactor: SecretRedactor,
  ) {
    this.scopesByToken.set(fullToken, ALL_SCOPES);
  }

  full(): string {
    return this.fullToken;
  }

  withScopes(scopes: readonly Scope[]): Promise<string | undefined> {
    const id = key(scopes);
    let token = this.minted.get(id);
    if (!token) {
      token = this.control.mintToken(scopes).then((value) => {
        this.redactor.add(value);
        this.scopesByToken.set(value, [...scopes]);
        return value;
      });
      this.minted.set(id, token);
    }
    return token;
  }

  lacking(scope: Scope): Promise<string | undefined> {
    return this.withScopes(ALL_SCOPES.filter((other) => other !== scope));
  }

  async narrowestHolding(scope: Scope): Promise<ScopedToken | undefined> {
    const value = await this.withScopes([scope]);
    return value === undefined ? undefined : { value, scopes: [scope] };
  }

  scopesOf(token: string): readonly Scope[] | undefined {
    return this.scopesByToken.get(token);
  }
}

class ConfiguredTokenPool implements TokenPool {
  constructor(
    private readonly tokens: readonly ScopedToken[],
    private readonly fullToken: string,
  ) {}

  full(): string {
    return this.fullToken;
  }

  async withScopes(scopes: readonly Scope[]): Promise<string | undefined> {
    return this.tokens.find((token) => key(token.scopes) === key(scopes))?.value;
  }

  async lacking(scope: Scope): Promise<string | undefined> {
    const candidates = this.tokens.filter((token) => !token.scopes.includes(scope));
    candidates.sort((a, b) => b.scopes.length - a.scopes.length);
    return candidates[0]?.value;
  }

  async narrowestHolding(scope: Scope): Promise<ScopedToken | undefined> {
    const candidates = this.tokens.filter(
      (token) => token.scopes.includes(scope) && ALL_SCOPES.some((other) => !token.scopes.includes(other)),
    );
    candidates.sort((a, b) => a.scopes.length - b.scopes.length);
    return candidates[0];
  }

  scopesOf(token: string): readonly Scope[] | undefined {
    return this.tokens.find((candidate) => candidate.value === token)?.scopes;
  }
}

export async function createTokenPool(
  target: TargetInfo,
  control: ControlClient,
  redactor: SecretRedactor,
  env: NodeJS.ProcessEnv = process.env,
  words?: OptionWords,
): Promise<TokenPool> {
  if (target.capabilities.has('tokenMinting')) {
    const full = await mintFullToken(target, control, words);
    redactor.add(full);
    return new MintingTokenPool(control, full, redactor);
  }
  const tokens = target.tokens.map((token) => {
    const value = env[token.env];
    if (!value)
      throw new SetupError(`environment variable ${token.env} is not set (a token of target '${target.name}'); export it before running`);
    redactor.add(value);
    return { value, scopes: token.scopes };
  });
  const full = tokens.find((token) => ALL_SCOPES.every((scope) => token.scopes.includes(scope)));
  if (!full)
    throw new SetupError(
      `target '${target.name}': no token in field tokens carries every scope (${ALL_SCOPES.join(', ')}), and it does not claim tokenMinting`,
    );
  return new ConfiguredTokenPool(tokens, full.value);
}

/** The first thing a run asks of an emulator-style target; a target that is no such emulator stops the run here, as a setup error. */
async function mintFullToken(target: TargetInfo, control: ControlClient, words: OptionWords | undefined): Promise<string> {
  try {
    const token = await control.mintToken(ALL_SCOPES);
    if (typeof token !== 'string' || token === '') throw new Error('control POST /tokens answered without a token');
    return token;
  } catch (error) {
    throw new SetupError(
      `target '${target.name}' at ${target.baseUrl} claims tokenMinting, but no token could be minted (${(error as Error).message}); ` +
        `is it an emulator with its control endpoints? For another implementation, describe it with a target manifest${words ? ` (${words.target} FILE)` : ''}: its capabilities and token variables`,
      { cause: error },
    );
  }
}
