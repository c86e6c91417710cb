/* global process, performance */
// Preloaded (node --import) into the client bench/clientRun.bench.ts has judged: when the
// client's process exits, it writes when that process started and when it exited (epoch
// ms) to CLIENT_EXIT_STAMP, so the bench can tell how long the judging took after it.
import { writeFileSync } from 'node:fs';

const file = process.env.CLIENT_EXIT_STAMP;
if (file)
  process.on('exit', () =>
    writeFileSync(file, JSON.stringify({ startedMs: performance.timeOrigin, exitedMs: performance.timeOrigin + performance.now() })),
  );
