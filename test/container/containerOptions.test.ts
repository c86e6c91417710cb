import { expect, test } from 'vitest';
import { containerSpecOf, DEFAULT_STARTUP_TIMEOUT_MS } from '../../container/containerSpec.ts';
import { EMULATOR_IMAGE_MANIFEST_PATH, targetImageManifestPath } from '../../container/targetImageRun.ts';
import { loadManifest, type TargetManifestFile, validateManifest } from '../../harness/targetIO/targetManifest.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { runCli } from '../cli/cliProcess.ts';
import { containerOptionsOf } from '../../cli/containerValues.ts';

// How --target-image and its companions (made values in cli/containerValues.ts), and a
// manifest's `container` section, become the container to start; and the one-line errors
// for what cannot work. None of this needs Docker.

const plain: TargetManifestFile = { name: 't', baseUrl: 'http://127.0.0.1:1', environment: 'sandbox', capabilities: ['core'] };
const imageManifest = loadManifest(EMULATOR_IMAGE_MANIFEST_PATH);

test('the CLI wins over the manifest field by field, and its --target-env entries over the manifest env', () => {
  const manifest: TargetManifestFile = {
    ...imageManifest,
    container: { image: 'from-manifest:1', port: 9000, env: { A: 'manifest', B: 'manifest' }, startupTimeoutMs: 5_000 },
  };
  const options = containerOptionsOf({ targetImage: 'from-cli:2', targetPort: '9100', targetEnv: ['B=cli', 'C=x=y'] });
  expect(options).toEqual({ targetImage: 'from-cli:2', targetPort: 9100, targetEnv: { B: 'cli', C: 'x=y' } });
  const spec = containerSpecOf(options, manifest);
  expect(spec).toMatchObject({ image: 'from-cli:2', port: 9100, env: { A: 'manifest', B: 'cli', C: 'x=y' }, startupTimeoutMs: 5_000 });
});

test('the emulator image manifest: health path, and webhook deliveries to the sink on the host loopback', () => {
  const spec = containerSpecOf({ targetImage: 'banking-api-emulator:local' }, imageManifest);
  expect(spec).toMatchObject({ image: 'banking-api-emulator:local', healthPath: '/_emulator/health', deliversToHostLoopback: true });
  expect(spec?.port).toBeUndefined();
  expect(containerSpecOf({ targetImage: 'x', sinkPublicUrl: 'http://tunnel.example' }, imageManifest)?.deliversToHostLoopback).toBe(false);
  expect(containerSpecOf({ targetImage: 'x' }, plain)?.startupTimeoutMs).toBe(DEFAULT_STARTUP_TIMEOUT_MS);
});

test('no image, no container target: a manifest with a base URL stays what it was', () => {
  expect(containerSpecOf({}, plain)).toBeUndefined();
});

test.each([
  [{ targetPort: '9000' }, /--target-port and --target-env apply to a container target: add --target-image IMAGE/],
  [{ targetImage: 'x', targetPort: '70000' }, /--target-port must be an integer from 1 to 65535; got '70000'/],
  [{ targetImage: 'x', targetEnv: ['SECRET_TOKEN'] }, /--target-env SECRET_TOKEN: expected NAME=VALUE/],
  [{ targetImage: 'x', targetEnv: ['1BAD=v'] }, /--target-env: '1BAD' is not a valid environment variable name/],
  [{ targetImage: 'x', baseUrl: 'http://127.0.0.1:2' }, /--base-url cannot be combined with a container target \(x\)/],
  [{ targetImage: 'x', emulatorFault: ['f'] }, /--target-env BANKING_EMULATOR_FAULTS=NAME/],
])('%o is refused with what to fix', (options, message) => {
  expect(() => containerOptionsOf(options)).toThrow(SetupError);
  expect(() => containerOptionsOf(options)).toThrow(message);
});

test('--target-manifest describes a --target-image; without one the emulator image manifest does', () => {
  expect(targetImageManifestPath({ targetImage: 'x' })).toBe(EMULATOR_IMAGE_MANIFEST_PATH);
  expect(targetImageManifestPath({ targetImage: 'x', targetManifest: 'mine.json' })).toBe('mine.json');
  expect(targetImageManifestPath({})).toBeUndefined();
  expect(() => containerOptionsOf({ targetManifest: 'mine.json' })).toThrow(/add --target-image IMAGE, or use --target FILE/);
  expect(() => containerOptionsOf({ targetImage: 'x', target: 'a.json', targetManifest: 'b.json' })).toThrow(/keep one/);
});

test('a manifest needs a base URL or a container, and a bad container field is named', () => {
  const base = { name: 't', environment: 'sandbox', capabilities: ['core'] };
  expect(() => validateManifest({ ...base, container: { image: 'x' } }, 'm.json')).not.toThrow();
  expect(() => validateManifest(base, 'm.json')).toThrow(/field baseUrl .*is required but missing/);
  expect(() => validateManifest({ ...base, container: { image: 'x', port: 0 } }, 'm.json')).toThrow(/field container\.port .*must be >= 1/);
  expect(() => validateManifest({ ...base, container: { image: 'x', network: 'overlay' } }, 'm.json')).toThrow(/field container\.network/);
});

test('the CLI answers a container option without an image with exit 2 and one line', async () => {
  const run = await runCli(['run', '--target-env', 'A=b']);
  expect(run.code).toBe(2);
  expect(run.stderr.trim()).toBe(
    'banking-api-conformance: --target-port and --target-env apply to a container target: add --target-image IMAGE',
  );
});

test('an image a --target manifest names is a container target too: its options go with it, --base-url does not', () => {
  const imageOf = () => 'from-manifest:1';
  expect(containerOptionsOf({ target: 'm.json', targetPort: '9000' }, imageOf)).toEqual({ targetPort: 9000 });
  expect(() => containerOptionsOf({ target: 'm.json', baseUrl: 'http://127.0.0.1:2' }, imageOf)).toThrow(/\(from-manifest:1\)/);
});
