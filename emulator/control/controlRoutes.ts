import type { FastifyInstance } from 'fastify';
import { PAYMENT_TYPES, type PaymentType } from '../core/domain.ts';
import type { EmulatorState } from '../core/emulatorState.ts';
import { ApiError, invalid } from '../core/jsonApi.ts';
import { isScope, SCOPES, type Scope } from '../core/scopes.ts';
import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import { createAccount, createDepositProduct } from './fixtureFactory.ts';

// Control endpoints under the reserved prefix: token minting, fixtures and the
// virtual clock. Plain JSON, not part of the documented API (see docs/emulator.md).

/** 9999-12-31T23:59:59.999Z: the clock never leaves the years an RFC 3339 date-time can write. */
const LATEST_CLOCK_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function readScopes(value: unknown): Scope[] {
  if (value === undefined) return [...SCOPES];
  if (!Array.isArray(value)) throw invalid('/scopes', 'scopes must be an array of scope names');
  value.forEach((scope, index) => {
    if (!isScope(scope)) throw invalid(`/scopes/${index}`, `unknown scope; known scopes are ${SCOPES.join(', ')}`);
  });
  return value as Scope[];
}

function readOptIn(value: unknown, pointer: string): PaymentType[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => (PAYMENT_TYPES as readonly unknown[]).includes(v))) {
    throw invalid(pointer, `must be an array of ${PAYMENT_TYPES.join(', ')}`);
  }
  return value as PaymentType[];
}

const bodyOf = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

export function registerControlRoutes(app: FastifyInstance, state: EmulatorState): void {
  addControlRoute(app, CONTROL_ROUTES.health, async () => ({
    status: 'ok',
    environment: state.environment,
    fixtures: state.fixtures,
    clock: state.clock.state(),
  }));

  addControlRoute(app, CONTROL_ROUTES.mintToken, async (request, reply) => {
    const scopes = readScopes(bodyOf(request.body).scopes);
    return reply.code(201).send({ token: state.tokens.mint(scopes), scopes });
  });

  addControlRoute(app, CONTROL_ROUTES.createDepositProduct, async (request, reply) => {
    const optIn = readOptIn(bodyOf(request.body).positivePayOptIn, '/positivePayOptIn') ?? [];
    return reply.code(201).send(createDepositProduct(state, optIn));
  });

  addControlRoute(app, CONTROL_ROUTES.createAccount, async (request, reply) => {
    const body = bodyOf(request.body);
    let productId = body.depositProductId;
    if (productId !== undefined && (typeof productId !== 'string' || !state.positivePay.product(productId))) {
      throw invalid('/depositProductId', 'depositProductId must name an existing deposit product');
    }
    productId ??= createDepositProduct(state, []).id;
    const optIn = readOptIn(body.positivePayOptIn, '/positivePayOptIn');
    return reply.code(201).send(createAccount(state, productId as string, optIn));
  });

  addControlRoute(app, CONTROL_ROUTES.readClock, async () => state.clock.state());

  addControlRoute(app, CONTROL_ROUTES.advanceClock, async (request) => {
    const ms = bodyOf(request.body).ms;
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw invalid('/ms', 'ms must be a non-negative number of milliseconds');
    if (state.clock.now() + ms > LATEST_CLOCK_MS)
      throw invalid('/ms', `ms would move the clock past ${new Date(LATEST_CLOCK_MS).toISOString()}`);
    const fired = state.clock.advance(ms);
    return { ...state.clock.state(), fired };
  });

  addControlRoute(app, CONTROL_ROUTES.scaleClock, async (request) => {
    const scale = bodyOf(request.body).scale;
    if (typeof scale !== 'number' || !Number.isFinite(scale) || scale < 0 || scale > 1e7) {
      throw new ApiError(400, 'Invalid request', 'scale must be a number from 0 (frozen) to 10000000', { pointer: '/scale' });
    }
    state.clock.setScale(scale);
    return state.clock.state();
  });
}
