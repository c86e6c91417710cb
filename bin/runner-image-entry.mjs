#!/usr/bin/env node
/* global process */
// The runner image's entry point (runner.Dockerfile). Started as root (the image's
// default user), it takes on the owner of the mounted /data before running the
// suite, so the reports it writes there belong to whoever owns that folder (the
// user who ran `docker run -v "$PWD":/data`), never to root. Started with --user,
// it runs as that user. Everything after the image name goes to the CLI, and the
// CLI's exit code is the container's.
import { statSync } from 'node:fs';

const DATA = '/data';

function ownerOfData() {
  try {
    const { uid, gid } = statSync(DATA);
    return { uid, gid };
  } catch {
    return undefined;
  }
}

const owner = process.getuid?.() === 0 ? ownerOfData() : undefined;
if (owner && owner.uid !== 0) {
  process.setgroups?.([owner.gid]);
  process.setgid(owner.gid);
  process.setuid(owner.uid);
}
await import('./banking-api-conformance.mjs');
