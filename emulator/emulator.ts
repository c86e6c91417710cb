import Fastify, { type FastifyInstance } from 'fastify';
import { registerControlRoutes } from './control/controlRoutes.ts';
import { createAccount, createDepositProduct } from './control/fixtureFactory.ts';
import { API_AREAS } from './areas.ts';
import { authenticate } from './core/authentication.ts';
import type { Environment } from './core/domain.ts';
import type { EmulatorState } from './core/emulatorState.ts';
import { handleError, handleNotFound } from './core/httpErrors.ts';
import { IdSequence } from './core/idSequence.ts';
import { JSON_API } from './core/jsonApi.ts';
import type { Scope } from './core/scopes.ts';
import { TokenRegistry } from './core/tokenRegistry.ts';
import { VirtualClock } from './core/virtualClock.ts';
import { EventStore } from './events/eventStore.ts';
import { assertKnownFaults } from './faults/faultCatalogue.ts';
import { TOLERATED_VARIATIONS, toleratedVariationsHook } from './faults/toleratedVariations.ts';
import { registerOpenApiRoute } from './openapi/openApiRoute.ts';

export interface EmulatorOptions {
  environment?: Environment;
  /** Loopback by default; anything else must be asked for explicitly. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  clock?: { startMs?: number; scale?: number };
  /** Named faults and tolerated variations (emulator/faults). */
  faults?: readonly string[];
  /** Operator-chosen tokens in addition to minted ones. */
  tokens?: ReadonlyArray<{ value: string; scopes?: readonly Scope[] }>;
  logger?: boolean;
}

export interface Emulator {
  readonly app: FastifyInstance;
  readonly state: EmulatorState;
  /** Base URL once listening. */
  url(): string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

const JSON_BODY_LIMIT = 1024 * 1024;

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  assertKnownFaults(options.faults ?? []);
  const clock = new VirtualClock(options.clock);
  const ids = new IdSequence();
  const tokens = new TokenRegistry();
  for (const token of options.tokens ?? []) tokens.register(token.value, token.scopes);
  const depositProducts = new Map();
  const accounts = new Map();
  const product = createDepositProduct({ ids, depositProducts, accounts }, []);
  const account = createAccount({ ids, depositProducts, accounts }, product.id);
  const state: EmulatorState = {
    environment: options.environment ?? 'sandbox',
    clock,
    ids,
    tokens,
    depositProducts,
    accounts,
    positivePayRules: new Map(),
    events: new EventStore(clock, ids),
    faults: new Set(options.faults ?? []),
    fixtures: { depositProductId: product.id, accountId: account.id },
  };

  const app = Fastify({ logger: options.logger ?? false, bodyLimit: JSON_BODY_LIMIT });
  // JSON:API bodies (Conventions) are JSON; plain application/json is accepted too.
  app.addContentTypeParser(JSON_API, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  app.addHook('onRequest', authenticate(tokens));
  if (TOLERATED_VARIATIONS.some((variation) => state.faults.has(variation.name))) {
    app.addHook('onSend', toleratedVariationsHook(state.faults));
  }
  registerControlRoutes(app, state);
  registerOpenApiRoute(app);
  for (const area of API_AREAS) await area(app, state);

  let baseUrl: string | undefined;
  return {
    app,
    state,
    url() {
      if (!baseUrl) throw new Error('the emulator is not listening yet');
      return baseUrl;
    },
    async listen() {
      const address = await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
      baseUrl = address.replace('://localhost', '://127.0.0.1');
      return baseUrl;
    },
    async close() {
      clock.dispose();
      await app.close();
    },
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = await createEmulator(options);
  await emulator.listen();
  return emulator;
}
