import { parseArgs } from 'node:util';
import { buildEmulatorImage, EMULATOR_IMAGE_TAG } from './emulatorImage.ts';

// `npm run emulator:image [-- --tag NAME:TAG] [--base-image IMAGE]`

const { values } = parseArgs({
  options: {
    tag: { type: 'string', default: EMULATOR_IMAGE_TAG },
    'base-image': { type: 'string' },
  },
  strict: true,
});

try {
  const built = await buildEmulatorImage({
    tag: values.tag,
    ...(values['base-image'] ? { baseImage: values['base-image'] } : {}),
    write: (text) => process.stdout.write(`${text}\n`),
  });
  process.stdout.write(`Built ${built.tag} (${built.id}), ${(built.sizeBytes / 1_000_000).toFixed(1)} MB\n`);
  process.stdout.write(`Run the suite against it: npm run conformance -- --target-image ${built.tag}\n`);
} catch (error) {
  process.stderr.write(`emulator:image: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
