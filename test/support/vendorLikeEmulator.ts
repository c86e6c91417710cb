import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type Emulator, type EmulatorOptions, startEmulator } from '../../emulator/emulator.ts';
import { TOKEN_VARIABLES } from '../../emulator/startup/tokenVariables.ts';
import { EMULATOR_PROFILES } from '../../emulator/profiles/emulatorProfiles.ts';

// The emulator in the vendor-like profile, for tests that run the suite against
// it: one fresh token per token variable, returned as the environment a run with
// targets/emulator-vendor-like.json reads them from.

export const VENDOR_LIKE_MANIFEST_PATH = fileURLToPath(new URL('../../targets/emulator-vendor-like.json', import.meta.url));

export interface VendorLikeEmulator {
  readonly emulator: Emulator;
  readonly url: string;
  /** Token variable name → value, e.g. { BANKING_EMULATOR_TOKEN: '…' }: pass as the run's environment. */
  readonly env: Readonly<Record<string, string>>;
  /** The manifest describing this emulator (give url as --base-url). */
  readonly manifestPath: string;
}

/** `overrides` replace the profile's options (e.g. faults for the kill matrix, no latency for speed). */
export async function startVendorLikeEmulator(overrides: EmulatorOptions = {}): Promise<VendorLikeEmulator> {
  const env: Record<string, string> = {};
  for (const variable of TOKEN_VARIABLES) env[variable.env] = `vendorlike_${randomBytes(24).toString('base64url')}`;
  const emulator = await startEmulator({
    ...EMULATOR_PROFILES['vendor-like'].options,
    tokens: TOKEN_VARIABLES.map((variable) => ({ value: env[variable.env]!, scopes: variable.scopes })),
    ...overrides,
  });
  return { emulator, url: emulator.url(), env, manifestPath: VENDOR_LIKE_MANIFEST_PATH };
}
