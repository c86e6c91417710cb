import type { ManifestReceiver } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import {
  CONTENT_TYPES,
  DEFAULT_EFFECTS_PATIENCE_MS,
  DEFAULT_SIGNATURE_HEADER,
  DEFAULT_TIMEOUT_MS,
  DELIVERY_MODES,
  type ReceiverConfig,
  type ReceiverEffects,
} from '../receiver/receiverConfig.ts';

// The receiver command's options, and a manifest's `receiver` section, made values once, here
// (receiver/receiverConfig.ts): receiver/ is handed a ReceiverConfig, never the text a user typed.
// Every bad value is a setup error naming the option and what is wrong.

/** The manifest's receiver section or the command line's options (where the time-out is still text). */
export interface ReceiverOptions extends Omit<ManifestReceiver, 'timeoutMs'> {
  timeoutMs?: string | number;
  /** --effects-patience: seconds, as typed. */
  effectsPatience?: string | number;
}

function httpUrl(option: string, value: string): string {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new SetupError(`${option} must be an http(s) URL; got '${value}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new SetupError(`${option} must be an http(s) URL; got '${value}'`);
  return value;
}

function oneOf<T extends string>(option: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new SetupError(`${option} must be one of ${allowed.join(', ')}; got '${value}'`);
  return value as T;
}

function timeout(value: string | number | undefined): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 100 || ms > 120_000)
    throw new SetupError(`--timeout-ms must be a whole number of milliseconds from 100 to 120000; got '${value}'`);
  return ms;
}

/** The most --effects-patience takes: past it a receiver's processing is no longer a matter of a queue. */
const MAX_EFFECTS_PATIENCE_S = 600;

function effectsPatience(value: string | number | undefined): number {
  if (value === undefined) return DEFAULT_EFFECTS_PATIENCE_MS;
  const s = Number(value);
  if (String(value).trim() === '' || !Number.isFinite(s) || s < 1 || s > MAX_EFFECTS_PATIENCE_S)
    throw new SetupError(`--effects-patience must be a number of seconds from 1 to ${MAX_EFFECTS_PATIENCE_S}; got '${value}'`);
  return Math.round(s * 1000);
}

/** --effects and --effects-patience as values, for the receiver command and for the client command's receivers alike. */
export function effectsProbe(options: Pick<ReceiverOptions, 'effects' | 'effectsPatience'>): ReceiverEffects {
  return {
    ...(options.effects !== undefined ? { effectsUrl: httpUrl('--effects', options.effects) } : {}),
    effectsPatienceMs: effectsPatience(options.effectsPatience),
  };
}

export function receiverConfig(options: ReceiverOptions, env: NodeJS.ProcessEnv): ReceiverConfig {
  if (options.url === undefined || options.url === '') throw new SetupError('--url is required: the http(s) URL of your webhook receiver');
  const url = httpUrl('--url', options.url);
  if (!options.tokenEnv)
    throw new SetupError(
      '--token-env is required: the name of the environment variable holding the webhook token your receiver verifies with',
    );
  const token = env[options.tokenEnv];
  if (!token)
    throw new SetupError(`--token-env ${options.tokenEnv}: the variable is not set or empty; export it with your webhook's token`);
  const headerName = options.headerName ?? DEFAULT_SIGNATURE_HEADER;
  if (!/^[A-Za-z0-9-]+$/.test(headerName))
    throw new SetupError(`--header-name must be an HTTP header name (letters, digits, '-'); got '${headerName}'`);
  return {
    url,
    tokenEnv: options.tokenEnv,
    token,
    contentType: oneOf('--content-type', options.contentType, CONTENT_TYPES, 'Json'),
    deliveryMode: oneOf('--delivery-mode', options.deliveryMode, DELIVERY_MODES, 'AtLeastOnce'),
    includeResources: options.includeResources ?? false,
    headerName,
    timeoutMs: timeout(options.timeoutMs),
    ...effectsProbe(options),
  };
}
