import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { an } from './wording.ts';
import { applicationBody, type ApplicationKind, type TriggerSsns } from '../shared/applicationBuilder.ts';
import { type ApplicationView, approveBody, createApplication, denyBody, readApplication } from '../shared/applicationClient.ts';
import { REVIEWABLE_STATUSES } from '../../contract/facts/applicationStatuses.ts';
import { movedByItself, stateChange } from '../shared/ownResourceProbes.ts';
import {
  eventShapeProblems,
  findEvents,
  firedFor,
  listEvents,
  namingFirst,
  relatedTo,
  sinceBefore,
  untraceable,
  untraceableReason,
  watchForEvents,
} from '../shared/eventLookup.ts';

// API §3.3 and §4.5: sandbox approve and deny act on applications in
// PendingReview or AwaitingDocuments and fire customer.created / application.denied
// (§6.3). From any other state the operation has no documented effect, so the
// suite expects a refusal (SHOULD) that changes nothing.

type Operation = 'approve' | 'deny';

interface ReviewCase {
  operation: Operation;
  kind: ApplicationKind;
  from: string;
  ssn: TriggerSsns;
  requirement: string;
}

const OPERATION_NAMES = { approve: 'sandbox.approveApplication', deny: 'sandbox.denyApplication' } as const;
const BODIES = { approve: () => approveBody('Approved by the conformance suite'), deny: () => denyBody('Denied by the conformance suite') };
/** Section 3.3: the status each operation leads to ("approved", "Denied"). */
const TARGET_STATUS = { approve: 'approved', deny: 'denied' } as const;
/** Section 3.3 / 6.3 and the Event Catalog: the events each operation fires. */
const FIRES = { approve: ['customer.created', 'application.approved'], deny: ['application.denied'] } as const;
const EVENT_REQUIREMENTS: Record<string, string> = {
  'customer.created': 'SB-APPROVE-CUSTOMER-CREATED',
  'application.approved': 'SB-APPROVE-APPLICATION-APPROVED-EVENT',
  'application.denied': 'SB-DENY-APPLICATION-DENIED-EVENT',
};

const REVIEWS: ReviewCase[] = [
  {
    operation: 'approve',
    kind: 'individual',
    from: 'PendingReview',
    ssn: { applicant: '000000004' },
    requirement: 'SB-APPROVE-FROM-PENDING-REVIEW',
  },
  {
    operation: 'approve',
    kind: 'business',
    from: 'PendingReview',
    ssn: { officer: '000000004' },
    requirement: 'SB-APPROVE-FROM-PENDING-REVIEW',
  },
  {
    operation: 'approve',
    kind: 'individual',
    from: 'AwaitingDocuments',
    ssn: { applicant: '000000003' },
    requirement: 'SB-APPROVE-FROM-AWAITING-DOCUMENTS',
  },
  {
    operation: 'approve',
    kind: 'business',
    from: 'AwaitingDocuments',
    ssn: { officer: '000000005' },
    requirement: 'SB-APPROVE-FROM-AWAITING-DOCUMENTS',
  },
  {
    operation: 'deny',
    kind: 'individual',
    from: 'PendingReview',
    ssn: { applicant: '000000004' },
    requirement: 'SB-DENY-FROM-PENDING-REVIEW',
  },
  {
    operation: 'deny',
    kind: 'business',
    from: 'PendingReview',
    ssn: { owners: { '1': '000000004' } },
    requirement: 'SB-DENY-FROM-PENDING-REVIEW',
  },
  {
    operation: 'deny',
    kind: 'individual',
    from: 'AwaitingDocuments',
    ssn: { applicant: '000000002' },
    requirement: 'SB-DENY-FROM-AWAITING-DOCUMENTS',
  },
];

const WRONG_STATES: ReviewCase[] = [
  { operation: 'approve', kind: 'individual', from: 'Approved', ssn: {}, requirement: 'SB-APPROVE-WRONG-STATE' },
  { operation: 'approve', kind: 'individual', from: 'Denied', ssn: { applicant: '000000001' }, requirement: 'SB-APPROVE-WRONG-STATE' },
  { operation: 'deny', kind: 'individual', from: 'Approved', ssn: {}, requirement: 'SB-DENY-WRONG-STATE' },
  { operation: 'deny', kind: 'individual', from: 'Denied', ssn: { applicant: '000000001' }, requirement: 'SB-DENY-WRONG-STATE' },
];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const describe = (c: ReviewCase) => `${c.operation} of ${an(c.kind)} application in ${c.from}`;

const isReviewable = (status: string) => (REVIEWABLE_STATUSES as readonly string[]).some((reviewable) => same(status, reviewable));

interface Prepared {
  application: ApplicationView;
  /** How the application reached `from` when creating it did not put it there. */
  route?: string;
}

/**
 * An application in `from`, or undefined once every id is recorded UNTESTABLE. "Most applications
 * are approved immediately; some go to manual review" (4.5): where the default application goes to
 * review, an Approved one is reached by the documented route, the sandbox approve (3.3).
 */
async function prepare(ctx: ScenarioContext, c: ReviewCase, ids: string[]): Promise<Prepared | undefined> {
  const application = await createApplication(ctx, applicationBody(c.kind, ctx.faker, c.ssn));
  if (same(application.status, c.from)) return { application };
  let reached = application.status;
  const responses = [application.response];
  if (same(c.from, 'Approved') && isReviewable(application.status)) {
    const approved = await perform(ctx, { ...c, operation: 'approve' }, application.id);
    const after = await readApplication(ctx, application.id);
    responses.push(approved, after.response);
    if (same(after.status, c.from))
      return { application: after, route: `created in ${application.status}, approved by the sandbox approve (3.3)` };
    reached = `${application.status}, and after a sandbox approve (answered ${approved.status}) ${after.status}`;
  }
  for (const id of ids)
    ctx.check.untestable(id, `${describe(c)} needs an application in ${c.from}; the trigger input gave ${reached}`, responses);
  return undefined;
}

async function perform(ctx: ScenarioContext, c: ReviewCase, applicationId: string): Promise<ApiResponse> {
  return ctx.api.call(OPERATION_NAMES[c.operation], { params: { applicationId }, body: BODIES[c.operation]() });
}

function reviewScenario(c: ReviewCase): Scenario {
  const eventRequirements = FIRES[c.operation].map((type) => EVENT_REQUIREMENTS[type] as string);
  return defineScenario({
    id: `sandbox/${c.operation}/${c.kind}-from-${c.from}`,
    area: 'sandbox',
    requirements: [c.requirement, ...eventRequirements, 'SB-REVIEW-RESPONSE'],
    needs: ['applications'],
    environments: ['sandbox'],
    async run(ctx) {
      const prepared = await prepare(ctx, c, [c.requirement, ...eventRequirements, 'SB-REVIEW-RESPONSE']);
      if (!prepared) return;
      const { application } = prepared;
      const response = await perform(ctx, c, application.id);
      ctx.check.observe(
        'SB-REVIEW-RESPONSE',
        { operation: c.operation, status: response.status, dataType: response.body?.data?.type },
        `sandbox ${c.operation} answered ${response.status}${response.body?.data?.type ? ` with data.type ${response.body.data.type}` : ''}`,
        response,
      );
      const after = await readApplication(ctx, application.id);
      const moved = response.status >= 200 && response.status < 300 && same(after.status, TARGET_STATUS[c.operation]);
      ctx.check.expect(
        c.requirement,
        moved,
        `sandbox ${describe(c)}: expected status ${TARGET_STATUS[c.operation]}; answered ${response.status}, status now ${after.status}`,
        [response, after.response],
      );

      for (const type of FIRES[c.operation]) {
        const found = await findEvents(ctx, [type], sinceBefore(application.createdAt), (event) =>
          firedFor(event, application.id, { customer: after.customerId }),
        );
        const event = namingFirst(found.events, application.id)[0];
        const problems = event === undefined ? [] : eventShapeProblems(event);
        const requirement = EVENT_REQUIREMENTS[type] as string;
        if (event === undefined) {
          const unknown = untraceable((await listEvents(ctx, [type], sinceBefore(application.createdAt))).events, {
            customer: after.customerId,
          });
          if (unknown.length > 0) {
            ctx.check.skip(requirement, untraceableReason(type, unknown, `application ${application.id}`));
            continue;
          }
        }
        ctx.check.expect(
          requirement,
          event !== undefined && problems.length === 0,
          event === undefined
            ? `sandbox ${c.operation}: expected ${type} related to application ${application.id}; none found`
            : `sandbox ${c.operation}: expected ${type} shaped as in the Event Catalog; ${problems.length ? problems.join('; ') : 'it is'} (relationships ${JSON.stringify(event.relationships)})`,
          found.responses,
        );
      }
    },
  });
}

async function countEvents(ctx: ScenarioContext, type: string, applicationId: string, since: string): Promise<number> {
  const { events } = await listEvents(ctx, [type], since);
  return events.filter((event) => event.type === type && relatedTo(event, 'application', applicationId)).length;
}

/** The count of `type` for the application once at least one is listed (or the lookup gave up). */
async function countOnceListed(ctx: ScenarioContext, type: string, applicationId: string, since: string): Promise<number> {
  const found = await findEvents(ctx, [type], since, (event) => event.type === type && relatedTo(event, 'application', applicationId));
  return found.events.length;
}

function wrongStateScenario(c: ReviewCase): Scenario {
  return defineScenario({
    id: `sandbox/${c.operation}/refused-from-${c.from}`,
    area: 'sandbox',
    requirements: [c.requirement],
    needs: ['applications'],
    environments: ['sandbox'],
    async run(ctx) {
      const prepared = await prepare(ctx, c, [c.requirement]);
      if (!prepared) return;
      const { application, route } = prepared;
      const since = sinceBefore(application.createdAt);
      const type = FIRES[c.operation][0];
      // An application already where the operation puts it (Approved, Denied) owes the event that got it there: counted once
      // it is listed, so a late listing is not taken for the refused operation's.
      const before = same(application.status, TARGET_STATUS[c.operation])
        ? await countOnceListed(ctx, type, application.id, since)
        : await countEvents(ctx, type, application.id, since);
      const response = await perform(ctx, c, application.id);
      const after = await readApplication(ctx, application.id);
      // Read patiently: an event a wrongly accepted call publishes a moment late is still its effect.
      const eventsAfter = (await watchForEvents(ctx, [type], since, (event) => relatedTo(event, 'application', application.id), before))
        .length;
      const refused = response.status >= 400 && response.status < 500;
      // Only the status the operation sets is its effect: the application may move on by itself (3.3).
      const change = stateChange(`application ${application.id} status`, application.status, after.status, (value) =>
        same(String(value), TARGET_STATUS[c.operation]),
      );
      ctx.check.expect(
        c.requirement,
        refused && change.effect === undefined && eventsAfter === before,
        `sandbox ${describe(c)}${route ? ` (${route})` : ''}: expected a 4xx and no change; answered ${response.status}, status ${application.status} → ${after.status}, ${type} events ${before} → ${eventsAfter}${movedByItself(change, `sandbox ${c.operation}`)}`,
        [response, after.response],
      );
    },
  });
}

export const reviewScenarios: Scenario[] = [...REVIEWS.map(reviewScenario), ...WRONG_STATES.map(wrongStateScenario)];
