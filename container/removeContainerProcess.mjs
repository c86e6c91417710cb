// Removes one container by id, run as a separate process (container/containerCleanup.ts):
// when the harness is exiting (Ctrl-C, process.exit) it can no longer wait for
// an asynchronous call, but it can wait for this process. Plain JavaScript so it
// starts without a TypeScript loader; it reaches Docker the way testcontainers does.
import process from 'node:process';
import { getContainerRuntimeClient } from 'testcontainers';

const id = process.argv[2];
if (!id) {
  process.stderr.write('usage: removeContainerProcess.mjs CONTAINER_ID\n');
  process.exit(2);
}
try {
  const client = await getContainerRuntimeClient();
  await client.container.dockerode.getContainer(id).remove({ force: true, v: true });
} catch (error) {
  // Already gone (404) or being removed (409) is what we want.
  if (error.statusCode !== 404 && error.statusCode !== 409) {
    process.stderr.write(`could not remove container ${id}: ${error.message}\n`);
    process.exit(1);
  }
}
