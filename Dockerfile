# The reference emulator as a container image: `npm run emulator:image` builds it
# (banking-api-emulator:local). The emulator is first bundled on the host into one
# JavaScript file (build/emulator-image/, by container/emulatorImage.ts): it is
# plain JavaScript, so the bundle is the same on every platform, and the image
# needs nothing but Node.js 20 or newer.
#
#   docker run --rm -p 8080:8080 banking-api-emulator:local
#   docker run --rm --network host -e HOST=127.0.0.1 -e PORT=8080 banking-api-emulator:local
#   docker run --rm -p 8080:8080 -e BANKING_EMULATOR_FAULTS=check-tolerance-101 banking-api-emulator:local
#
# BASE_IMAGE: any image with `node` (20.19+) on its PATH; the default is the
# official slim image. The project's own tests build on a base made locally.
ARG BASE_IMAGE=node:20-slim

# Stage 1: prove the bundle runs on this base (a libc or Node.js that does not
# fit fails the build here, not at start-up), and add an unprivileged user to
# the base's own user database (the local test base has none at all).
FROM ${BASE_IMAGE} AS prepare
COPY build/emulator-image/ /app/
# The bundle reads the request schemas and the requirement catalogue where the source tree has them, at
# `../../schemas/` and `../../requirements/` from its module (container/emulatorImage.ts): from
# /app/emulator.mjs, /schemas and /requirements.
RUN ["node", "-e", "const fs = require('node:fs'); for (const data of ['schemas', 'requirements']) fs.cpSync('/app/data/' + data, '/' + data, { recursive: true }); fs.rmSync('/app/data', { recursive: true });"]
RUN ["node", "/app/emulator.mjs", "--list-faults"]
RUN ["node", "-e", "const fs = require('node:fs'); fs.mkdirSync('/etc', { recursive: true }); fs.appendFileSync('/etc/passwd', 'emulator:x:10001:10001:banking-api-emulator:/app:/sbin/nologin\\n'); fs.appendFileSync('/etc/group', 'emulator:x:10001:\\n');"]

# Stage 2: the base, the bundle (owned by root, read-only to the emulator) and the user.
FROM ${BASE_IMAGE}
COPY --from=prepare /etc/passwd /etc/group /etc/
COPY --from=prepare /app/ /app/
COPY --from=prepare /schemas/ /schemas/
COPY --from=prepare /requirements/ /requirements/
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
EXPOSE 8080
USER 10001:10001
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/_emulator/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/emulator.mjs"]
