import { loadManifest } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { ContainerOptions } from '../container/containerSpec.ts';

// `run --target-image IMAGE --target-port N --target-env NAME=VALUE --target-manifest FILE` made
// values, once, here, and checked to go together with the other target options; container/ is
// handed a port and an environment, never the text a user typed.

/** The options of `run` that choose a container target, as commander hands them over. */
export interface ContainerOptionTexts {
  target?: string;
  baseUrl?: string;
  targetImage?: string;
  targetPort?: string;
  /** Repeatable, each NAME=VALUE. */
  targetEnv?: string[];
  targetManifest?: string;
  emulatorFault?: string[];
  sinkPublicUrl?: string;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new SetupError(`--target-port must be an integer from 1 to 65535; got '${value}'`);
  return port;
}

export function parseTargetEnv(entries: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries) {
    const equals = entry.indexOf('=');
    const name = equals < 0 ? entry : entry.slice(0, equals);
    // The value is never echoed: it may be a token.
    if (equals < 0) throw new SetupError(`--target-env ${name}: expected NAME=VALUE`);
    if (!ENV_NAME.test(name)) throw new SetupError(`--target-env: '${name}' is not a valid environment variable name`);
    env[name] = entry.slice(equals + 1);
  }
  return env;
}

/** The container options as values; `imageOf` reads the image a --target manifest names (its `container` section). */
export function containerOptionsOf(
  texts: ContainerOptionTexts,
  imageOf: (manifestPath: string) => string | undefined = (path) => loadManifest(path).container?.image,
): ContainerOptions {
  if (texts.targetManifest && texts.target) throw new SetupError('--target and --target-manifest both name a manifest: keep one');
  if (texts.targetManifest && !texts.targetImage)
    throw new SetupError('--target-manifest describes a --target-image: add --target-image IMAGE, or use --target FILE');
  const image = texts.targetImage ?? (texts.target ? imageOf(texts.target) : undefined);
  if (!image) {
    if (texts.targetPort || texts.targetEnv?.length)
      throw new SetupError('--target-port and --target-env apply to a container target: add --target-image IMAGE');
    return {};
  }
  if (texts.baseUrl)
    throw new SetupError(`--base-url cannot be combined with a container target (${image}): its address is the container's`);
  if (texts.emulatorFault?.length) {
    throw new SetupError(
      '--emulator-fault applies to the embedded emulator; for the emulator image use --target-env BANKING_EMULATOR_FAULTS=NAME[,NAME...]',
    );
  }
  return {
    ...(texts.targetImage !== undefined ? { targetImage: texts.targetImage } : {}),
    ...(texts.targetPort !== undefined ? { targetPort: parsePort(texts.targetPort) } : {}),
    ...(texts.targetEnv?.length ? { targetEnv: parseTargetEnv(texts.targetEnv) } : {}),
    ...(texts.sinkPublicUrl !== undefined ? { sinkPublicUrl: texts.sinkPublicUrl } : {}),
  };
}
