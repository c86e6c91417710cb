import { parseArgs } from 'node:util';
import { buildRunnerImage, RUNNER_IMAGE_TAG } from './runnerImage.ts';

// `npm run runner:image [-- --tag NAME:TAG] [--base-image IMAGE]`

const { values } = parseArgs({
  options: {
    tag: { type: 'string', default: RUNNER_IMAGE_TAG },
    'base-image': { type: 'string' },
  },
  strict: true,
});

try {
  const built = await buildRunnerImage({
    tag: values.tag,
    ...(values['base-image'] ? { baseImage: values['base-image'] } : {}),
    write: (text) => process.stdout.write(`${text}\n`),
  });
  process.stdout.write(`Built ${built.tag} (${built.id}), ${(built.sizeBytes / 1_000_000).toFixed(1)} MB\n`);
  process.stdout.write(
    `Run it: docker run --rm --network host -v "$PWD":/data -e BANKING_API_TOKEN ${built.tag} run --target /data/sandbox.json --report-dir /data/reports\n`,
  );
} catch (error) {
  process.stderr.write(`runner:image: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
