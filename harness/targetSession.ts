import { ControlClient } from './controlClient.ts';
import { createFixtureProvider, type FixtureProvider } from './fixtureProvider.ts';
import { loadManifest, resolveTarget, type TargetInfo, type TargetManifestFile, EMULATOR_MANIFEST_PATH } from './targetManifest.ts';
import { emptyTally, type ThrottleTally } from './throttleRetry.ts';
import { createTokenPool, type TokenPool } from './tokenPool.ts';

/** Everything scenarios share for one target in one process. */
export interface TargetSession {
  target: TargetInfo;
  control: ControlClient;
  tokens: TokenPool;
  fixtures: FixtureProvider;
  seed: number;
  /** Throttling waited out by every scenario run in this session so far. */
  throttling: ThrottleTally;
}

export interface SessionOptions {
  baseUrl?: string;
  sinkPublicUrl?: string;
  seed?: number;
  /** Overrides the manifest's heavyProbes (`--heavy-probes`, `--certify`). */
  heavyProbes?: boolean;
}

/** `tokenEnv` is where the manifest's token variables are read (the process environment unless a test gives its own). */
export async function openTargetSession(manifest: TargetManifestFile, options: SessionOptions = {}, tokenEnv: NodeJS.ProcessEnv = process.env): Promise<TargetSession> {
  const target = resolveTarget(manifest, options.baseUrl, options.sinkPublicUrl, options.heavyProbes);
  const control = new ControlClient(target);
  const tokens = await createTokenPool(target, control, tokenEnv);
  return {
    target,
    control,
    tokens,
    fixtures: createFixtureProvider(target, control),
    seed: options.seed ?? Math.floor(Math.random() * 2 ** 31),
    throttling: emptyTally(),
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
