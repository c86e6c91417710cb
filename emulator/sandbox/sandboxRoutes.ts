import type { FastifyInstance } from 'fastify';
import type { EmulatorArea } from '../core/area.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { behaviourWith } from '../faults/edgeFault.ts';
import { ApplicationLifecycle } from './applicationLifecycle.ts';
import { registerApplicationRoutes } from './applicationRoutes.ts';
import { sandboxFaults } from './faults.ts';
import { sandboxVariations } from './variations.ts';
import { registerPaymentSimulationRoutes } from './paymentSimulationRoutes.ts';
import { registerReviewRoutes } from './reviewRoutes.ts';
import { correctSandbox } from './sandboxBehaviour.ts';
import { SandboxStore } from './sandboxRecords.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES } from '../../contract/facts/documentLimits.ts';

// Applications (any environment), the sandbox-only operations of section 4.5 and
// the simulated payments. In the live environment nothing under /sandbox/ exists,
// so those paths answer 404 like any unknown path.

async function sandboxArea(scope: FastifyInstance, state: EmulatorState): Promise<void> {
  // Encapsulated: our raw-body parsers must not clash with another area's.
  for (const contentType of DOCUMENT_MEDIA_TYPES) {
    if (scope.hasContentTypeParser(contentType)) scope.removeContentTypeParser(contentType);
    scope.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
  }
  const behaviour = behaviourWith(correctSandbox, [...sandboxFaults, ...sandboxVariations], state.faults);
  const store = new SandboxStore();
  state.parts.add('sandbox', store);
  const lifecycle = new ApplicationLifecycle(state, store, behaviour);
  registerApplicationRoutes(scope, store, lifecycle, behaviour);
  if (state.environment === 'live' && !behaviour.sandboxOperationsInLive) return;
  registerReviewRoutes(scope, store, lifecycle, behaviour);
  registerPaymentSimulationRoutes(scope, state, store, behaviour);
}

export const registerSandboxRoutes: EmulatorArea = async (app, state) => {
  await app.register(async (scope) => sandboxArea(scope, state));
};
