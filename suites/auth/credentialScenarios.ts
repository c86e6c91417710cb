import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { expandPath, OPERATIONS, type Operation } from '../../contract/catalogue/operationCatalogue.ts';
import type { Scope } from '../../contract/facts/scopes.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SharedState } from '../../harness/engine/sharedState.ts';
import { ALL_SCOPES } from '../../harness/targetIO/tokenPool.ts';
import { whyOptInCannotBePutBack } from '../shared/fixtureOptIn.ts';
import { isUnavailable, movedByItself } from '../shared/ownResourceProbes.ts';
import { CHANGES_OPT_IN, type OperationProbe, OPERATION_PROBES, type PreparedProbe, undoIfCreated } from './operationProbes.ts';

// Section 5.1 (and 4.5 for the sandbox operations): every operation refuses a
// request without valid credentials, and one whose token lacks the scope.

const isSuccess = (response: ApiResponse) => response.status >= 200 && response.status < 300;

function sendProbe(
  ctx: ScenarioContext,
  token: string | null,
  probe: OperationProbe,
  prepared: PreparedProbe,
  headers?: Record<string, string>,
): Promise<ApiResponse> {
  const operation: Operation = OPERATIONS[probe.operation];
  const { params, ...rest } = prepared.options;
  return ctx.api.withToken(token).send(operation.method, expandPath(operation.path, params), headers ? { ...rest, headers } : rest);
}

/** For a probe that may succeed and change the fixture's opt-in: why it must not be sent (it could not be put back). */
function optInLeftChanged(ctx: ScenarioContext, probe: OperationProbe): string | undefined {
  const holder = CHANGES_OPT_IN[probe.operation];
  const reason = holder && whyOptInCannotBePutBack(ctx, holder);
  return reason ? `this probe ${reason}` : undefined;
}

/** What a manifest would need for a scope check to run: the token to add, never a value. */
const tokenToAdd = (what: string, scopes: readonly Scope[]) =>
  `the target provides no token ${what}; add one to the manifest's tokens, e.g. {"env": "<VARIABLE>", "scopes": ${JSON.stringify(scopes)}}`;

const listScopes = (scopes: readonly Scope[] | undefined) =>
  scopes === undefined ? 'unknown scopes' : scopes.length === 0 ? 'no scope' : scopes.join(', ');

type Credential = {
  name: string;
  token: () => string | null;
  header?: Record<string, string>;
  requirements: (sandboxOnly: boolean) => string[];
};

const UNKNOWN_TOKEN = 'conformance-token-that-was-never-issued';

const CREDENTIALS: readonly Credential[] = [
  {
    name: 'no-token',
    token: () => null,
    requirements: (sandboxOnly) => [sandboxOnly ? 'AU-SANDBOX-TOKEN-REQUIRED' : 'AU-TOKEN-REQUIRED', 'AU-TOKEN-401'],
  },
  { name: 'unknown-token', token: () => UNKNOWN_TOKEN, requirements: () => ['AU-TOKEN-INVALID-REFUSED', 'AU-TOKEN-401'] },
];

/** A probe of the policy or the product update may change the fixture's opt-in, and puts it back (suites/shared/fixtureOptIn.ts). */
const OPT_IN_MOVED: Partial<Record<string, SharedState>> = {
  'positivePayPolicy.create': 'account-opt-in',
  'depositProduct.update': 'product-opt-in',
};
const optInMovedBy = (operation: string): { moves?: SharedState[] } => {
  const state = OPT_IN_MOVED[operation];
  return state ? { moves: [state] } : {};
};

function credentialScenario(probe: OperationProbe, credential: Credential): Scenario {
  const operation: Operation = OPERATIONS[probe.operation];
  const sandboxOnly = operation.sandboxOnly === true;
  const [mustId, shouldId] = credential.requirements(sandboxOnly) as [string, string];
  return defineScenario({
    ...optInMovedBy(probe.operation),
    id: `auth/${credential.name}/${probe.operation}`,
    area: 'auth',
    requirements: [mustId, shouldId],
    ...(sandboxOnly ? { environments: ['sandbox'] as const } : {}),
    async run(ctx) {
      const prepared = await probe.prepare(ctx);
      if (isUnavailable(prepared)) {
        ctx.check.skip(mustId, prepared.unavailable);
        ctx.check.skip(shouldId, prepared.unavailable);
        return;
      }
      const response = await sendProbe(ctx, credential.token(), probe, prepared);
      await undoIfCreated(ctx, probe.operation, response, prepared.options);
      const change = prepared.changed ? await prepared.changed() : undefined;
      ctx.check.expect(
        mustId,
        !isSuccess(response) && change?.effect === undefined,
        `${probe.operation} with ${credential.name}: expected no success and no change of state; got ${response.status}${change?.effect ? `, and ${change.effect}` : ''}${movedByItself(change, probe.operation)}`,
        response,
      );
      ctx.check.expect(
        shouldId,
        response.status === 401,
        `${probe.operation} with ${credential.name}: expected 401; got ${response.status}`,
        response,
      );
    },
  });
}

function lackingScopeScenario(probe: OperationProbe, scope: Scope): Scenario {
  return defineScenario({
    ...optInMovedBy(probe.operation),
    id: `auth/lacking-scope/${probe.operation}`,
    area: 'auth',
    requirements: ['AU-SCOPE-REQUIRED', 'AU-SCOPE-403'],
    needs: ['scopedTokens'],
    async run(ctx) {
      const token = await ctx.tokens.lacking(scope);
      if (!token) {
        const reason = tokenToAdd(`without ${scope}`, []);
        ctx.check.skip('AU-SCOPE-REQUIRED', reason);
        ctx.check.skip('AU-SCOPE-403', reason);
        return;
      }
      const held = `a token lacking ${scope} (it holds ${listScopes(ctx.tokens.scopesOf(token))})`;
      const prepared = await probe.prepare(ctx);
      if (isUnavailable(prepared)) {
        ctx.check.skip('AU-SCOPE-REQUIRED', prepared.unavailable);
        ctx.check.skip('AU-SCOPE-403', prepared.unavailable);
        return;
      }
      const response = await sendProbe(ctx, token, probe, prepared);
      await undoIfCreated(ctx, probe.operation, response, prepared.options);
      const change = prepared.changed ? await prepared.changed() : undefined;
      ctx.check.expect(
        'AU-SCOPE-REQUIRED',
        !isSuccess(response) && change?.effect === undefined,
        `${probe.operation} with ${held}: expected no success and no change of state; got ${response.status}${change?.effect ? `, and ${change.effect}` : ''}${movedByItself(change, probe.operation)}`,
        response,
      );
      ctx.check.expect(
        'AU-SCOPE-403',
        response.status === 403,
        `${probe.operation} with ${held}: expected 403; got ${response.status}`,
        response,
      );
    },
  });
}

/** Operations that a token with only their scope can complete here (webhook and event get/write need resources of other areas). */
const SUFFICIENT_SCOPE_OPERATIONS = new Set<string>([
  'positivePayPolicy.create',
  'positivePay.create',
  'positivePay.uploadDocument',
  'positivePay.get',
  'positivePay.list',
  'positivePay.cancel',
  'webhook.list',
  'event.list',
]);

function onlyScopeScenario(probe: OperationProbe, scope: Scope): Scenario {
  return defineScenario({
    ...optInMovedBy(probe.operation),
    id: `auth/only-scope/${probe.operation}`,
    area: 'auth',
    requirements: ['AU-SCOPE-SUFFICIENT'],
    needs: ['scopedTokens'],
    async run(ctx) {
      // Without a token of exactly this scope, the narrowest one holding it: scopes only grant,
      // so its refusal shows the documented scope is not enough, and its success that none it lacks is needed.
      const token = await ctx.tokens.narrowestHolding(scope);
      if (!token) {
        ctx.check.skip(
          'AU-SCOPE-SUFFICIENT',
          tokenToAdd(`with only ${scope} (nor any token holding it without every other scope)`, [scope]),
        );
        return;
      }
      const cannotPutBack = optInLeftChanged(ctx, probe);
      if (cannotPutBack) {
        ctx.check.skip('AU-SCOPE-SUFFICIENT', cannotPutBack);
        return;
      }
      const exact = token.scopes.length === 1;
      const lacks = ALL_SCOPES.filter((other) => !token.scopes.includes(other));
      const prepared = await probe.prepare(ctx);
      if (isUnavailable(prepared)) {
        ctx.check.skip('AU-SCOPE-SUFFICIENT', prepared.unavailable);
        return;
      }
      const response = await sendProbe(ctx, token.value, probe, prepared);
      await undoIfCreated(ctx, probe.operation, response, prepared.options);
      ctx.check.expect(
        'AU-SCOPE-SUFFICIENT',
        isSuccess(response),
        exact
          ? `${probe.operation} with a token holding only ${scope}: expected success; got ${response.status}`
          : `${probe.operation} with a token holding only ${scope}: expected success; the target provides no such token, so the narrowest one holding ${scope} stands in ` +
              `(scopes ${token.scopes.join(', ')}; lacking ${lacks.join(', ')}): got ${response.status}` +
              (isSuccess(response)
                ? ` — the operation needs none of ${lacks.join(', ')} (an approximation: ${token.scopes.filter((other) => other !== scope).join(', ')} were held too)`
                : ` — scopes only grant, so a token with only ${scope} would be refused too`),
        response,
      );
    },
  });
}

function undocumentedScopeScenario(probe: OperationProbe): Scenario {
  const operation: Operation = OPERATIONS[probe.operation];
  return defineScenario({
    ...optInMovedBy(probe.operation),
    id: `auth/undocumented-scope/${probe.operation}`,
    area: 'auth',
    requirements: ['AU-UNDOCUMENTED-SCOPE'],
    needs: ['scopedTokens'],
    ...(operation.sandboxOnly ? { environments: ['sandbox'] as const } : {}),
    async run(ctx) {
      const token = await ctx.tokens.withScopes([]);
      if (!token) {
        ctx.check.skip('AU-UNDOCUMENTED-SCOPE', tokenToAdd('without scopes', []));
        return;
      }
      const cannotPutBack = optInLeftChanged(ctx, probe);
      if (cannotPutBack) {
        ctx.check.skip('AU-UNDOCUMENTED-SCOPE', cannotPutBack);
        return;
      }
      const prepared = await probe.prepare(ctx);
      if (isUnavailable(prepared)) {
        ctx.check.skip('AU-UNDOCUMENTED-SCOPE', prepared.unavailable);
        return;
      }
      const response = await sendProbe(ctx, token, probe, prepared);
      await undoIfCreated(ctx, probe.operation, response, prepared.options);
      ctx.check.observe(
        'AU-UNDOCUMENTED-SCOPE',
        { operation: probe.operation, status: response.status },
        `${probe.operation} with a token holding no scope answered ${response.status}`,
        response,
      );
    },
  });
}

const nonBearerScheme = defineScenario({
  id: 'auth/non-bearer-scheme',
  area: 'auth',
  requirements: ['AU-NON-BEARER-SCHEME'],
  async run(ctx) {
    const observed: Record<string, number> = {};
    const responses: ApiResponse[] = [];
    for (const [name, header] of [
      ['bare token', ctx.tokens.full()],
      ['Token scheme', `Token ${ctx.tokens.full()}`],
    ] as const) {
      const response = await ctx.api
        .withToken(null)
        .send('GET', '/positive-pay', { query: { 'page[limit]': 1 }, headers: { authorization: header } });
      observed[name] = response.status;
      responses.push(response);
    }
    ctx.check.observe(
      'AU-NON-BEARER-SCHEME',
      observed,
      `GET /positive-pay with a valid token but no Bearer scheme answered ${JSON.stringify(observed)}`,
      responses,
    );
  },
});

const scoped = OPERATION_PROBES.filter((probe) => (OPERATIONS[probe.operation] as Operation).scope !== undefined);

export const credentialScenarios: Scenario[] = [
  ...CREDENTIALS.flatMap((credential) => OPERATION_PROBES.map((probe) => credentialScenario(probe, credential))),
  ...scoped.map((probe) => lackingScopeScenario(probe, (OPERATIONS[probe.operation] as Operation).scope!)),
  ...scoped
    .filter((probe) => SUFFICIENT_SCOPE_OPERATIONS.has(probe.operation))
    .map((probe) => onlyScopeScenario(probe, (OPERATIONS[probe.operation] as Operation).scope!)),
  ...OPERATION_PROBES.filter((probe) => (OPERATIONS[probe.operation] as Operation).scope === undefined).map(undocumentedScopeScenario),
  nonBearerScheme,
];
