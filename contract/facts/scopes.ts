// The scopes of section 5.1, written once for the emulator and the harness.

export const SCOPES = ['payments', 'payments-write', 'webhooks', 'webhooks-write', 'events', 'events-write'] as const;
export type Scope = (typeof SCOPES)[number];
