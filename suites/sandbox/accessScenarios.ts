import { OPERATIONS, expandPath } from '../../harness/operationCatalogue.ts';
import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import { applicationBody } from '../shared/applicationBuilder.ts';
import { approveBody, createApplication, readApplication } from '../shared/applicationClient.ts';

// API §4.5 and §5.1: sandbox operations use the live API's authentication, their
// scopes are not shown, and they exist only in the sandbox environment.

const authenticationScenario = defineScenario({
  id: 'sandbox/authentication',
  area: 'sandbox',
  title: 'a sandbox operation without a bearer token MUST NOT succeed and MUST have no effect',
  requirements: ['SB-SAME-AUTHENTICATION', 'SB-SCOPES-NOT-SHOWN'],
  needs: ['applications'],
  environments: ['sandbox'],
  async run(ctx) {
    const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: '000000004' }));
    const params = { applicationId: application.id };
    const anonymous = await ctx.api.withToken(null).call('sandbox.approveApplication', { params, body: approveBody('no token') });
    const after = await readApplication(ctx, application.id);
    // Refused is any failure: which status is not shown (7); the 401 is AU-TOKEN-401's SHOULD.
    const refused = anonymous.status >= 400 && after.status === application.status;
    ctx.check.expect('SB-SAME-AUTHENTICATION', refused,
      `sandbox approve without Authorization MUST NOT succeed and MUST change nothing; answered ${anonymous.status}, status ${application.status} → ${after.status}`,
      [anonymous, after.response]);

    const token = await ctx.tokens.withScopes(['payments']);
    if (!token) {
      ctx.check.skip('SB-SCOPES-NOT-SHOWN', 'the target provides no token with only scope payments; add one to the manifest\'s tokens, e.g. {"env": "<VARIABLE>", "scopes": ["payments"]}');
      return;
    }
    const narrow = await ctx.api.withToken(token).call('sandbox.approveApplication', { params, body: approveBody('payments scope only') });
    ctx.check.observe('SB-SCOPES-NOT-SHOWN', { scopes: ['payments'], operation: 'approveApplication', status: narrow.status },
      `sandbox approve with a token holding only scope payments answered ${narrow.status}`, narrow);
  },
});

const SANDBOX_OPERATIONS = Object.entries(OPERATIONS).filter(([, operation]) => 'sandboxOnly' in operation && operation.sandboxOnly);

const liveScenario = defineScenario({
  id: 'sandbox/absent-in-live',
  area: 'sandbox',
  title: 'in the live environment the sandbox operations MUST NOT act, and SHOULD be answered with a 4xx',
  requirements: ['SB-LIVE-ABSENT', 'SB-LIVE-ABSENT-4XX'],
  environments: ['live'],
  async run(ctx) {
    const params = { applicationId: 'conformance-probe', documentId: 'conformance-probe' };
    for (const [name, operation] of SANDBOX_OPERATIONS) {
      const body = operation.method === 'POST' ? (name === 'sandbox.approveApplication' ? approveBody('probe') : {}) : undefined;
      const path = expandPath(operation.path, params);
      const response = await ctx.api.send(operation.method, path, body === undefined ? {} : { body });
      ctx.check.expect('SB-LIVE-ABSENT', response.status >= 400,
        `${operation.method} ${operation.path} MUST NOT act in the live environment; answered ${response.status}`, response);
      ctx.check.expect('SB-LIVE-ABSENT-4XX', response.status >= 400 && response.status < 500,
        `${operation.method} ${operation.path} SHOULD be answered with a 4xx in the live environment; answered ${response.status}`, response);
    }
  },
});

export const accessScenarios: Scenario[] = [authenticationScenario, liveScenario];
