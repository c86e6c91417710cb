import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PaymentType as OptInType } from '../../contract/facts/positivePay.ts';
import type { RateLimit } from './callGate.ts';
import { DEFAULT_DELIVERY_PATIENCE_MS } from './deliveryLatency.ts';
import type { Capability, Environment } from '../../contract/catalogue/requirementCatalogue.ts';
import { violationsText, schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { CONTROL_PREFIX } from '../../contract/facts/controlRoutes.ts';
import type { Scope } from '../../contract/facts/scopes.ts';
import { SIGNATURE_HEADER } from '../../contract/facts/webhookDelivery.ts';
import { SetupError } from '../records/setupError.ts';

// Target manifests (targets/*.json): where a target is and what it claims.
// A bad manifest gets one message naming the field and what is wrong.

/** A target's fixed fixtures, where it does not provision fresh ones. */
export interface ManifestFixtures {
  accountId?: string;
  depositProductId?: string;
  /** The fixture account's opt-in as it stands, put back after scenarios that change it. */
  accountOptIn?: OptInType[];
  /** The fixture product's default opt-in as it stands, put back after scenarios that change it. */
  depositProductOptIn?: OptInType[];
}

/** A manifest's `receiver` section: the webhook receiver as its owner created the webhook (2.6). */
export interface ManifestReceiver {
  url?: string;
  /** The variable holding the webhook token, never the token. */
  tokenEnv?: string;
  contentType?: string;
  deliveryMode?: string;
  includeResources?: boolean;
  effects?: string;
  headerName?: string;
  timeoutMs?: number;
}

export interface TargetManifestFile {
  name: string;
  /** Absent only when `container` says where the target comes from. */
  baseUrl?: string;
  environment: Environment;
  capabilities: Capability[];
  tokens?: Array<{ env: string; scopes: Scope[] }>;
  fixtures?: ManifestFixtures;
  webhookSink?: { signatureHeader?: string; publicUrl?: string; bindHost?: string; port?: number };
  controlPrefix?: string;
  /** Run probes that are heavy or leave irreversible traces on the target (default false). */
  heavyProbes?: boolean;
  /** What the vendor states the target bears; the run never exceeds it (harness/targetIO/callGate.ts). */
  rateLimit?: RateLimit;
  /** What a scenario may spend in all waiting for deliveries (default DEFAULT_DELIVERY_PATIENCE_MS). */
  deliveryPatienceMs?: number;
  /** The integrator's webhook receiver, for the `receiver` command (receiver/receiverConfig.ts). */
  receiver?: ManifestReceiver;
  /** Module of the payment simulation adapter (harness/simulation/); relative to the manifest, absolute once loaded. */
  simulation?: string;
  container?: {
    image: string;
    port?: number;
    env?: Record<string, string>;
    healthPath?: string;
    startupTimeoutMs?: number;
    network?: 'host' | 'bridge';
  };
}

/** The manifest's token that carries every one of `scopes`; the first it names where none does; undefined where it names none. */
export function tokenCarrying(
  manifest: Pick<TargetManifestFile, 'tokens'>,
  scopes: readonly Scope[],
): { env: string; scopes: Scope[] } | undefined {
  const tokens = manifest.tokens ?? [];
  return tokens.find((token) => scopes.every((scope) => token.scopes.includes(scope))) ?? tokens[0];
}

/** The manifest resolved for one run, as scenarios see it. */
export interface TargetInfo {
  name: string;
  baseUrl: string;
  environment: Environment;
  capabilities: ReadonlySet<Capability>;
  fixtures: ManifestFixtures;
  webhookSink: { signatureHeader: string; publicUrl?: string; bindHost: string; port?: number };
  controlPrefix: string;
  tokens: ReadonlyArray<{ env: string; scopes: readonly Scope[] }>;
  /** Whether scenarios marked heavy (e.g. 100 webhooks that can never be deleted) may run. */
  heavyProbes: boolean;
  /** The manifest's `rateLimit`, empty when it states none. */
  rateLimit: RateLimit;
  /** What a scenario may spend in all waiting for deliveries, retries and resent copies. */
  deliveryPatienceMs: number;
}

export const EMULATOR_MANIFEST_PATH = fileURLToPath(new URL('../../targets/emulator.json', import.meta.url));

export function validateManifest(value: unknown, origin: string): TargetManifestFile {
  const result = schemaRegistry().validate('harness/target-manifest', value);
  if (!result.valid) throw new SetupError(`target manifest ${origin}: ${violationsText(result)}`);
  return value as TargetManifestFile;
}

export function loadManifest(path: string): TargetManifestFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SetupError(`cannot read target manifest ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SetupError(`target manifest ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const manifest = validateManifest(parsed, path);
  // Adapter modules are named relative to the manifest; the workers get an absolute path.
  if (manifest.simulation) manifest.simulation = resolvePath(dirname(resolvePath(path)), manifest.simulation);
  return manifest;
}

export function resolveTarget(
  manifest: TargetManifestFile,
  baseUrlOverride?: string,
  sinkPublicUrl?: string,
  heavyProbes?: boolean,
): TargetInfo {
  const baseUrl = (baseUrlOverride ?? manifest.baseUrl ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(baseUrl)) throw new SetupError(`base URL '${baseUrl}' is not an http(s) URL`);
  const capabilities = new Set<Capability>(['core', ...manifest.capabilities]);
  const publicUrl = sinkPublicUrl ?? manifest.webhookSink?.publicUrl;
  return {
    name: manifest.name,
    baseUrl,
    environment: manifest.environment,
    capabilities,
    fixtures: { ...manifest.fixtures },
    webhookSink: {
      signatureHeader: manifest.webhookSink?.signatureHeader ?? SIGNATURE_HEADER,
      bindHost: manifest.webhookSink?.bindHost ?? '127.0.0.1',
      ...(publicUrl ? { publicUrl } : {}),
      ...(manifest.webhookSink?.port ? { port: manifest.webhookSink.port } : {}),
    },
    controlPrefix: manifest.controlPrefix ?? CONTROL_PREFIX,
    tokens: manifest.tokens ?? [],
    heavyProbes: heavyProbes ?? manifest.heavyProbes ?? false,
    rateLimit: { ...manifest.rateLimit },
    deliveryPatienceMs: manifest.deliveryPatienceMs ?? DEFAULT_DELIVERY_PATIENCE_MS,
  };
}
