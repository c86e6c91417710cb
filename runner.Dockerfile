# The conformance suite as a container image (the emulator's image is Dockerfile):
# `npm run runner:image` builds it (banking-api-conformance:local) from the packed
# package installed with its runtime dependencies only (container/runnerImage.ts).
#
#   docker run --rm --network host -v "$PWD":/data -e BANKING_API_TOKEN \
#     banking-api-conformance:local run --target /data/sandbox.json --report-dir /data/reports
#
# The reports in /data belong to the owner of the mounted folder (bin/runner-image-entry.mjs
# takes on that user), tokens come from -e, and the container exits with the suite's
# exit code (0 conformant, 1 non-conformant, 2 setup error). Paths in a manifest are
# read inside the container: mount what it names under /data.
#
# BASE_IMAGE: any image with `node` (20.19+) on its PATH; the default is the
# official slim image. The project's own tests build on a base made locally.
ARG BASE_IMAGE=node:20-slim

FROM ${BASE_IMAGE}
COPY app/ /opt/banking-api-conformance/
# The suite runs as whoever owns /data: vite's cache and config folders must be writable by any user,
# and the CLI must answer on this base (a libc or Node.js that does not fit fails here).
RUN ["node", "-e", "const fs = require('node:fs'); for (const dir of ['/opt/banking-api-conformance/node_modules/.vite-temp', '/opt/banking-api-conformance/node_modules/banking-api-conformance/node_modules/.vite', '/opt/banking-api-conformance/node_modules/banking-api-conformance/node_modules/.vite-temp', '/data']) { fs.mkdirSync(dir, { recursive: true }); fs.chmodSync(dir, 0o1777); }"]
RUN ["node", "/opt/banking-api-conformance/node_modules/banking-api-conformance/bin/runner-image-entry.mjs", "--version"]
ENV NODE_ENV=production NO_COLOR=1
WORKDIR /data
ENTRYPOINT ["node", "/opt/banking-api-conformance/node_modules/banking-api-conformance/bin/runner-image-entry.mjs"]
CMD ["--help"]
