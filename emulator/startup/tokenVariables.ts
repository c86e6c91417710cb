import { SCOPES, type Scope } from '../core/scopes.ts';

// Environment variables holding operator-chosen tokens, each with its scopes.
// targets/emulator-vendor-like.json names the same variables, so one set of
// exports serves both the emulator and the suite run against it.

export interface TokenVariable {
  env: string;
  scopes: readonly Scope[];
}

export const TOKEN_VARIABLES: readonly TokenVariable[] = [
  { env: 'BANKING_EMULATOR_TOKEN', scopes: SCOPES },
  { env: 'BANKING_EMULATOR_TOKEN_READ_ONLY', scopes: ['payments', 'webhooks', 'events'] },
  { env: 'BANKING_EMULATOR_TOKEN_PAYMENTS_ONLY', scopes: ['payments'] },
  { env: 'BANKING_EMULATOR_TOKEN_NO_SCOPES', scopes: [] },
];

export interface ConfiguredToken {
  value: string;
  scopes: readonly Scope[];
  /** Where it came from (a variable name or a file entry), for messages: never the value. */
  source: string;
}

export function tokensFromEnvironment(env: NodeJS.ProcessEnv): ConfiguredToken[] {
  return TOKEN_VARIABLES.flatMap(({ env: name, scopes }) => {
    const value = env[name];
    return value ? [{ value, scopes, source: name }] : [];
  });
}
