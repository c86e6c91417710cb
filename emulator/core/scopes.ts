// Scopes of section 5.1. Operations whose scope the documents leave open
// (PATCH deposit product, sandbox operations) accept any valid token.
export const SCOPES = ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}
