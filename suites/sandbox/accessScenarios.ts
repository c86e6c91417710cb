import { expandPath, type Operation, type OperationName, OPERATIONS } from '../../contract/catalogue/operationCatalogue.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { applicationBody } from '../shared/applicationBuilder.ts';
import { approveBody, createApplication } from '../shared/applicationClient.ts';
import { isSandboxOperation, isUnavailable, movedByItself, prepareSandboxProbe } from '../shared/ownResourceProbes.ts';

// API §4.5 and §5.1: sandbox operations use the live API's authentication, their
// scopes are not shown, and they exist only in the sandbox environment.

const authenticationScenario = defineScenario({
  id: 'sandbox/authentication',
  area: 'sandbox',
  requirements: ['SB-SCOPES-NOT-SHOWN'],
  needs: ['applications'],
  environments: ['sandbox'],
  async run(ctx) {
    // That a sandbox operation without a token is refused and changes nothing is AU-SANDBOX-TOKEN-REQUIRED (suites/auth/).
    const token = await ctx.tokens.withScopes(['payments']);
    if (!token) {
      ctx.check.skip(
        'SB-SCOPES-NOT-SHOWN',
        'the target provides no token with only scope payments; add one to the manifest\'s tokens, e.g. {"env": "<VARIABLE>", "scopes": ["payments"]}',
      );
      return;
    }
    const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: '000000004' }));
    const params = { applicationId: application.id };
    const narrow = await ctx.api.withToken(token).call('sandbox.approveApplication', { params, body: approveBody('payments scope only') });
    ctx.check.observe(
      'SB-SCOPES-NOT-SHOWN',
      { scopes: ['payments'], operation: 'approveApplication', status: narrow.status },
      `sandbox approve with a token holding only scope payments answered ${narrow.status}`,
      narrow,
    );
  },
});

const SANDBOX_OPERATIONS = (Object.keys(OPERATIONS) as OperationName[]).filter(isSandboxOperation);

const liveScenario = defineScenario({
  id: 'sandbox/absent-in-live',
  area: 'sandbox',
  requirements: ['SB-LIVE-ABSENT', 'SB-LIVE-ABSENT-4XX'],
  environments: ['live'],
  async run(ctx) {
    // At an application and document of the run's own: at an id the target never
    // issued, an operation that exists in live would answer 404 too.
    for (const name of SANDBOX_OPERATIONS) {
      const operation: Operation = OPERATIONS[name];
      const prepared = await prepareSandboxProbe(ctx, name);
      if (isUnavailable(prepared)) {
        ctx.check.skip('SB-LIVE-ABSENT', `${name}: ${prepared.unavailable}`);
        ctx.check.skip('SB-LIVE-ABSENT-4XX', `${name}: ${prepared.unavailable}`);
        continue;
      }
      const { params, ...options } = prepared.options;
      const response = await ctx.api.send(operation.method, expandPath(operation.path, params), options);
      const change = prepared.changed ? await prepared.changed() : undefined;
      // Only what the operation would do is its effect: a live application may move on by itself (3.3).
      const acted = (response.status >= 200 && response.status < 300) || change?.effect !== undefined;
      const meanwhile = movedByItself(change, name);
      // Where the operation would not act even if it existed, only a success or a change tells.
      if (!acted && prepared.refusalShowsNothing) ctx.check.skip('SB-LIVE-ABSENT', `${name}: ${prepared.refusalShowsNothing}${meanwhile}`);
      else
        ctx.check.expect(
          'SB-LIVE-ABSENT',
          !acted,
          `${operation.method} ${operation.path} in the live environment: expected no effect; answered ${response.status}${change?.effect ? `, and ${change.effect}` : ''}${meanwhile}`,
          response,
        );
      ctx.check.expect(
        'SB-LIVE-ABSENT-4XX',
        response.status >= 400 && response.status < 500,
        `${operation.method} ${operation.path} in the live environment: expected a 4xx (the status is not shown, 7); answered ${response.status}`,
        response,
      );
    }
  },
});

export const accessScenarios: Scenario[] = [authenticationScenario, liveScenario];
