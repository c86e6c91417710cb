import { ControlClient } from './controlClient.ts';
import { createFixtureProvider, type FixtureProvider } from './fixtureProvider.ts';
import { loadManifest, resolveTarget, type TargetInfo, type TargetManifestFile, EMULATOR_MANIFEST_PATH } from './targetManifest.ts';
import { createTokenPool, type TokenPool } from './tokenPool.ts';

/** Everything scenarios share for one target in one process. */
export interface TargetSession {
  target: TargetInfo;
  control: ControlClient;
  tokens: TokenPool;
  fixtures: FixtureProvider;
  seed: number;
}

export interface SessionOptions {
  baseUrl?: string;
  sinkPublicUrl?: string;
  seed?: number;
  /** Keep every exchange of the run (`run --har FILE`), not only the evidence. */
  recordExchanges?: boolean;
}

export async function openTargetSession(manifest: TargetManifestFile, options: SessionOptions = {}): Promise<TargetSession> {
  const target = resolveTarget(manifest, options.baseUrl, options.sinkPublicUrl);
  const control = new ControlClient(target);
  const tokens = await createTokenPool(target, control);
  return {
    target,
    control,
    tokens,
    fixtures: createFixtureProvider(target, control),
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
  };
}

/** The embedded emulator's manifest, optionally amended (e.g. another environment). */
export function emulatorManifest(overrides: Partial<TargetManifestFile> = {}): TargetManifestFile {
  return { ...loadManifest(EMULATOR_MANIFEST_PATH), ...overrides };
}

/**
 * How the CLI hands a run to the vitest workers: one environment variable with
 * the resolved manifest and options. It never carries a token.
 */
export const RUN_ENV = 'BANKING_API_CONFORMANCE_RUN';

export interface RunDescriptor {
  manifest: TargetManifestFile;
  options: SessionOptions;
}
