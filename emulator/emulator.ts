import Fastify, { type FastifyInstance } from 'fastify';
import { refuseUnlistedControlRoutes } from './core/controlRouteList.ts';
import { registerControlRoutes } from './control/controlRoutes.ts';
import { createAccount, createDepositProduct } from './control/fixtureFactory.ts';
import { API_AREAS } from './areas.ts';
import type { Environment } from './core/domain.ts';
import type { EmulatorState } from './core/emulatorState.ts';
import {
  checkServerTimeouts,
  clientErrorHandler,
  lingerOnUnreadBody,
  serverTimeoutOptions,
  type ServerTimeouts,
} from './core/connectionLimits.ts';
import { handleError, handleFrameworkError, handleNotFound } from './core/httpErrors.ts';
import { type ExchangeHooks, installExchangeHooks, WatchedRequest } from './core/exchangeHooks.ts';
import { IdSequence } from './core/idSequence.ts';
import { PositivePayStore } from './core/positivePayStore.ts';
import { registerJsonBodyParsers } from './core/jsonBody.ts';
import type { Scope } from './core/scopes.ts';
import { addRouteHooks } from './core/routeHooks.ts';
import { checkStoreLimits, type StoreLimits } from './core/storeLimits.ts';
import { StoreParts } from './core/storeParts.ts';
import { registerCoreParts } from './persistence/coreParts.ts';
import { setUpPersistence } from './persistence/persistence.ts';
import { registerSnapshotRoutes } from './persistence/snapshotRoutes.ts';
import type { LockHolder } from './persistence/stateLock.ts';
import { TokenRegistry } from './core/tokenRegistry.ts';
import { VirtualClock } from './core/virtualClock.ts';
import { registerEventControlRoutes } from './events/eventControlRoutes.ts';
import { EventStore } from './events/eventStore.ts';
import { createWebhookServices } from './events/webhookServices.ts';
import { assertKnownFaults } from './faultCatalogue.ts';
import { anyVariationOn, toleratedVariationsHook, variationOn } from './faults/toleratedVariations.ts';
import { gzipCodedAnswersHook } from './faults/answerCoding.ts';
import { checkFixtureIds, type FixtureIds } from './fixtureIds.ts';
import { registerOpenApiRoute } from './openapi/openApiRoute.ts';
import { DEFAULT_LIVED_IN_EVENTS } from './realism/livedIn/livedInEvents.ts';
import { checkLivedInOptions, fillLivedIn, type LivedInOptions, type LivedInSummary } from './realism/livedIn/livedInStore.ts';
import { addRequestDoor } from './core/requestDoor.ts';
import { rateLimitHook, type RateLimitOptions } from './realism/rateLimit.ts';
import { responseLatencyHook, type LatencyOptions } from './realism/responseLatency.ts';
import { registerWebhookControlRoutes } from './webhooks/webhookControlRoutes.ts';
import { registerDeliveryControlRoutes } from './delivery/deliveryControlRoutes.ts';
import { registerUiRoute } from './ui/uiRoute.ts';

/** One webhook, one event or a sandbox operation: what token-ignored-on-resource-operations leaves unguarded. */
const isResourceOperation = (url: string): boolean => /^\/(webhooks|events)\/:|^\/sandbox\//.test(url);

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
  /** Every documented-API answer waits ms ± jitterMs. Off by default. */
  latency?: LatencyOptions;
  /** Every Nth documented-API request is answered 429 with Retry-After. Off by default. */
  rateLimit?: RateLimitOptions;
  /** Start with other people's rules, webhooks and 90 days of events. Off by default. */
  livedIn?: LivedInOptions;
  /** Serve /_emulator/* (tokens, fixtures, clock, injection). Default true; false serves only the documented API. */
  controlEndpoints?: boolean;
  /** Fixed ids for the start-up fixtures, so that a manifest can name them. Default: the next numeric ids. */
  fixtures?: FixtureIds;
  /** How long a client may take to send its headers, its whole request, and how long an idle connection stays (core/connectionLimits.ts). */
  timeouts?: Partial<ServerTimeouts>;
  /** How many webhooks and stored events it may hold (core/storeLimits.ts); default 10,000 and 1,000,000. */
  limits?: Partial<StoreLimits>;
  /** A directory the store is kept in across restarts (emulator/persistence, docs/emulator-state.md); default: memory only. */
  state?: string;
  /** Watches (and may bend) each exchange over HTTP from inside the server (core/exchangeHooks.ts): the client command's recorder. */
  exchanges?: ExchangeHooks;
}

export interface Emulator {
  readonly app: FastifyInstance;
  readonly state: EmulatorState;
  /** What the lived-in store was filled with, when asked for. */
  readonly livedIn: LivedInSummary | undefined;
  /** Whether the store was read from the state directory (false: no --state, or a fresh one). */
  readonly stateLoaded: boolean;
  /** The process that held the state directory's lock and is gone, when this emulator took the lock over. */
  readonly stateTakenOver: LockHolder | undefined;
  /** Base URL once listening. */
  url(): string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

const JSON_BODY_LIMIT = 1024 * 1024;

/** Fails before anything starts, naming the option and what is wrong; answers the limits and time-outs it checked. */
function checkOptions(options: EmulatorOptions): { limits: StoreLimits; timeouts: ServerTimeouts } {
  assertKnownFaults(options.faults ?? []);
  if (options.fixtures) checkFixtureIds(options.fixtures);
  if (options.livedIn) checkLivedInOptions(options.livedIn);
  const limits = checkStoreLimits(options.limits ?? {});
  const livedInEvents = options.livedIn ? (options.livedIn.events ?? DEFAULT_LIVED_IN_EVENTS) : 0;
  if (livedInEvents > limits.storedEvents)
    throw new RangeError(`livedIn.events (${livedInEvents}) must not exceed limits.storedEvents (${limits.storedEvents})`);
  return { limits, timeouts: checkServerTimeouts(options.timeouts ?? {}) };
}

export async function createEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const { limits, timeouts } = checkOptions(options);
  const wholeSeconds = variationOn(new Set(options.faults ?? []), 'timestamps-in-whole-seconds');
  const clock = new VirtualClock({ ...options.clock, ...(wholeSeconds ? { stampResolutionMs: 1000 } : {}) });
  const ids = new IdSequence();
  const tokens = new TokenRegistry();
  for (const token of options.tokens ?? []) tokens.register(token.value, token.scopes);
  const positivePay = new PositivePayStore();
  const product = createDepositProduct({ ids, positivePay }, [], options.fixtures?.depositProductId);
  const account = createAccount({ ids, positivePay }, product.id, undefined, options.fixtures?.accountId);
  const events = new EventStore(clock, ids);
  const state: EmulatorState = {
    environment: options.environment ?? 'sandbox',
    clock,
    ids,
    tokens,
    positivePay,
    events,
    faults: new Set(options.faults ?? []),
    fixtures: { depositProductId: product.id, accountId: account.id },
    limits,
    parts: new StoreParts(),
  };
  registerCoreParts(state);

  const serverOptions = serverTimeoutOptions(timeouts);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    ...serverOptions,
    // Watched exchanges: requests of a class that tells its watcher each chunk of the body as it is read.
    http: { ...serverOptions.http, ...(options.exchanges ? { IncomingMessage: WatchedRequest } : {}) },
    clientErrorHandler: clientErrorHandler(timeouts),
    frameworkErrors: handleFrameworkError,
  });
  // First of all hooks: an answer a watcher sends instead comes before the emulator's own.
  if (options.exchanges) installExchangeHooks(app, options.exchanges);
  registerJsonBodyParsers(app);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  app.addHook('onResponse', (request, _reply, done) => {
    lingerOnUnreadBody(request.raw);
    done();
  });
  // Order matters: a slow answer is slow whatever it says; a 429 comes before authentication.
  if (options.latency) app.addHook('onRequest', responseLatencyHook(options.latency));
  if (options.rateLimit) app.addHook('onRequest', rateLimitHook(options.rateLimit));
  if (variationOn(state, 'retry-after-http-date'))
    app.addHook('onRequest', rateLimitHook({ every: 25, retryAfterSeconds: 0, retryAfterForm: 'http-date' }));
  const services = createWebhookServices(app, state, events);
  // A seeded fault at the edge: the routes it names get no authentication hook at all.
  addRouteHooks(
    app,
    tokens,
    events,
    state.limits.storedEvents,
    services.webhooksBehaviour.authenticatesResourceOperations ? undefined : isResourceOperation,
  );
  // Before any documented route is added: each takes the request contract's door (core/requestDoor.ts).
  addRequestDoor(app);
  if (anyVariationOn(state)) app.addHook('onSend', toleratedVariationsHook(state));
  // After the hook that rewrites bodies: what is coded is the answer as it finally reads.
  if (variationOn(state, 'gzip-coded-answers')) app.addHook('onSend', gzipCodedAnswersHook());
  refuseUnlistedControlRoutes(app);
  registerOpenApiRoute(app);
  for (const area of API_AREAS) await area(app, state, services);
  if (options.controlEndpoints ?? true) {
    registerControlRoutes(app, state);
    registerEventControlRoutes(app, state, services);
    registerWebhookControlRoutes(app, state, services.webhooks);
    registerDeliveryControlRoutes(app, services.delivery);
    registerUiRoute(app);
  }
  const persistence = setUpPersistence(app, { parts: state.parts, events, delivery: services.delivery }, options.state);
  if (options.controlEndpoints ?? true) registerSnapshotRoutes(app, persistence.snapshots);
  // A saved store is the developer's: lived-in history only fills a fresh one.
  const livedIn = options.livedIn && !persistence.loaded ? fillLivedIn(state, services, options.livedIn) : undefined;
  if (livedIn) persistence.commit();

  let baseUrl: string | undefined;
  return {
    app,
    state,
    livedIn,
    stateLoaded: persistence.loaded,
    stateTakenOver: persistence.takenOver,
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
