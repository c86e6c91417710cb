// Scopes of section 5.1. Operations whose scope the documents leave open
// (PATCH deposit product, sandbox operations) accept any valid token.
import { SCOPES, type Scope } from '../../contract/facts/scopes.ts';

export { SCOPES, type Scope };

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
