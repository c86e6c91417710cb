import { readFileSync } from 'node:fs';
import { isScope, SCOPES, type Scope } from '../core/scopes.ts';
import { MIN_TOKEN_LENGTH } from '../core/tokenRegistry.ts';
import type { ConfiguredToken } from './tokenVariables.ts';

// --tokens-file FILE: tokens the emulator accepts, as JSON
//   [{ "value": "<at least 8 characters>", "scopes": ["payments", ...] }]
// ("scopes" omitted: every scope). Errors name the entry and member, never a token value.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function readScopes(value: unknown, where: string): readonly Scope[] {
  if (value === undefined) return SCOPES;
  if (!Array.isArray(value)) throw new Error(`${where}.scopes must be an array of scope names`);
  value.forEach((scope, index) => {
    if (!isScope(scope))
      throw new Error(`${where}.scopes[${index}] ${JSON.stringify(scope)} is not a scope; known scopes: ${SCOPES.join(', ')}`);
  });
  return value as Scope[];
}

export function parseTokensFile(text: string, path: string): ConfiguredToken[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`tokens file ${path} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  if (!Array.isArray(parsed)) throw new Error(`tokens file ${path} must hold a JSON array of {"value", "scopes"?} objects`);
  return parsed.map((entry, index) => {
    const where = `tokens file ${path}: [${index}]`;
    if (!isObject(entry)) throw new Error(`${where} must be an object {"value", "scopes"?}`);
    const unknown = Object.keys(entry).filter((key) => key !== 'value' && key !== 'scopes');
    if (unknown.length > 0) throw new Error(`${where} has unknown member ${unknown.join(', ')}; only value and scopes are read`);
    if (typeof entry.value !== 'string' || entry.value.length < MIN_TOKEN_LENGTH || /\s/.test(entry.value)) {
      throw new Error(`${where}.value must be a string of at least ${MIN_TOKEN_LENGTH} characters without spaces`);
    }
    return { value: entry.value, scopes: readScopes(entry.scopes, where), source: `${path} [${index}]` };
  });
}

export function readTokensFile(path: string): ConfiguredToken[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read tokens file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      cause: error,
    });
  }
  return parseTokensFile(text, path);
}
