import type { EmulatorOptions } from '../emulator.ts';

// Named sets of emulator options (`--profile NAME`), as data. A profile is only
// a starting point: options given alongside it override its values.

export interface EmulatorProfile {
  description: string;
  options: EmulatorOptions;
}

export const EMULATOR_PROFILES = {
  'vendor-like': {
    description:
      'what a vendor sandbox is like: only the documented API (no control endpoints; tokens from the environment or --tokens-file), ' +
      "a lived-in store (other tenants' rules, webhooks, 3000 events over 90 days), 20 ± 15 ms latency, " +
      'every 25th request answered 429 with Retry-After: 1, fixed fixture ids (account 10001, deposit product 7001)',
    options: {
      controlEndpoints: false,
      livedIn: { seed: 1 },
      latency: { ms: 20, jitterMs: 15 },
      rateLimit: { every: 25, retryAfterSeconds: 1 },
      fixtures: { accountId: '10001', depositProductId: '7001' },
    },
  },
} as const satisfies Record<string, EmulatorProfile>;

export type ProfileName = keyof typeof EMULATOR_PROFILES;

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(EMULATOR_PROFILES, name);
}
