import type { FastifyInstance } from 'fastify';
import type { EmulatorArea } from '../core/area.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApplicationLifecycle } from './applicationLifecycle.ts';
import { registerApplicationRoutes } from './applicationRoutes.ts';
import { sandboxFaultOn } from './faults.ts';
import { registerPaymentSimulationRoutes } from './paymentSimulationRoutes.ts';
import { registerReviewRoutes } from './reviewRoutes.ts';
import { SandboxStore } from './sandboxRecords.ts';
import { DOCUMENT_CONTENT_TYPES, DOCUMENT_SIZE_LIMIT } from './uploadLimits.ts';

// Applications (any environment), the sandbox-only operations of section 4.5 and
// the simulated payments. In the live environment nothing under /sandbox/ exists,
// so those paths answer 404 like any unknown path.

async function sandboxArea(scope: FastifyInstance, state: EmulatorState): Promise<void> {
  // Encapsulated: our raw-body parsers must not clash with another area's.
  for (const contentType of DOCUMENT_CONTENT_TYPES) {
    if (scope.hasContentTypeParser(contentType)) scope.removeContentTypeParser(contentType);
    scope.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: DOCUMENT_SIZE_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
  }
  const store = new SandboxStore();
  const lifecycle = new ApplicationLifecycle(state, store);
  registerApplicationRoutes(scope, state, store, lifecycle);
  if (state.environment === 'live' && !sandboxFaultOn(state, 'sandbox-operations-in-live')) return;
  registerReviewRoutes(scope, state, store, lifecycle);
  registerPaymentSimulationRoutes(scope, state, store);
}

export const registerSandboxRoutes: EmulatorArea = async (app, state) => {
  await app.register(async (scope) => sandboxArea(scope, state));
};
