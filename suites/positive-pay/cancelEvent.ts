import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { RULE_TYPES } from '../shared/ruleRequests.ts';
import { describeEventWait, EXPECTED_EVENTS_FLOOR_MS, patienceSpent, readEventsPatiently } from '../shared/eventWait.ts';
import type { RuleResource } from '../shared/ruleSteps.ts';

// PP-CANCEL-EVENT (sections 3.1, 4.2, 6.3): the cancelled rule's own positivePay.cancelled.
// On a shared target other cancels fire theirs in the same seconds (the run's own cleanup
// among them), so an event about another rule is never this cancel's. The event's payload
// is not shown (Event Catalog), so naming the rule is not required: an event that names no
// rule but names the rule's account may be this one; one that names nothing of the run could
// be another tenant's, and leaves the check undecided (SKIP), never passed.

const EVENT_TYPE = 'positivePay.cancelled';
const PAGE = 1000;
const MAX_PAGES = 10;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EventResource = { id: string; type: string; relationships?: Record<string, any> };

/**
 * Every positivePay.cancelled listed since `since`, page after page, so neither the list's
 * order nor other people's events decide whether this rule's is seen.
 */
export async function cancelledEventsSince(
  ctx: ScenarioContext,
  since: string,
): Promise<{ response: ApiResponse; events: EventResource[] }> {
  const events: EventResource[] = [];
  let response: ApiResponse | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    response = await ctx.api.call('event.list', {
      query: { 'filter[type][]': [EVENT_TYPE], 'filter[since]': since, 'page[limit]': PAGE, 'page[offset]': page * PAGE },
    });
    if (response.status !== 200 || !Array.isArray(response.body?.data)) {
      throw new Error(`GET /events answered ${response.status} without a data array, so the ${EVENT_TYPE} event could not be looked for`);
    }
    const listed = response.body.data as EventResource[];
    events.push(...listed.filter((event) => event.type === EVENT_TYPE));
    if (listed.length < PAGE) break;
  }
  return { response: response!, events };
}

/** The event type's resource (`positivePay`: a type is `resource.event`, Event Catalog) and the rule types, as relationship types. */
const RULE_RESOURCE_TYPES = new Set<string>(['positivePay', ...RULE_TYPES]);

/** Ids of the rules an event names: by a relationship called positivePay, or one typed as a rule. */
function rulesNamed(event: EventResource): string[] {
  return Object.entries(event.relationships ?? {}).flatMap(([name, relationship]) =>
    [relationship?.data ?? []]
      .flat()
      .filter((data) => name === 'positivePay' || RULE_RESOURCE_TYPES.has(String(data?.type)))
      .map((data) => String(data?.id)),
  );
}

type Whose = 'this rule' | 'another rule' | 'no rule' | 'nothing of the run';

/**
 * Whose an event is. One naming no rule is this cancel's only perhaps, and only where it names the
 * rule's account (the run's own): one naming neither could be another tenant's, and never counts.
 */
const whoseEvent = (event: EventResource, rule: RuleResource): Whose => {
  const named = rulesNamed(event);
  if (named.includes(rule.id)) return 'this rule';
  if (named.length > 0) return 'another rule';
  const account = event.relationships?.account?.data?.id;
  return account !== undefined && String(account) === String(rule.relationships?.account?.data?.id) ? 'no rule' : 'nothing of the run';
};

/** Judges PP-CANCEL-EVENT for a rule just cancelled; `before` holds the events listed before the cancel. */
export async function judgeCancelEvent(
  ctx: ScenarioContext,
  rule: RuleResource,
  before: ReadonlySet<string>,
  since: string,
): Promise<void> {
  const what = `cancelling rule ${rule.id}: expected its own ${EVENT_TYPE}`;
  const freshOf = (events: EventResource[]) => events.filter((event) => !before.has(event.id));
  // Read as patiently as a delivery is awaited: the documents say nothing of when an event is listed.
  const wait = await readEventsPatiently(ctx, {
    read: () => cancelledEventsSince(ctx, since),
    settled: ({ events }) => freshOf(events).some((event) => whoseEvent(event, rule) === 'this rule'),
    // Only events that may be this cancel's are progress: others' cancels, coming all the time on a shared target, prolong nothing.
    progress: ({ events }) =>
      freshOf(events)
        .filter((event) => whoseEvent(event, rule) === 'no rule')
        .map((event) => event.id)
        .join(','),
    floorMs: EXPECTED_EVENTS_FLOOR_MS,
  });
  const { response, events } = wait.value;
  const fresh = freshOf(events);
  const named = fresh.find((event) => whoseEvent(event, rule) === 'this rule');
  // What the event carries is recorded once, under EV-POSITIVE-PAY-CANCELLED-PAYLOAD (suites/events/).
  if (named) return ctx.check.pass('PP-CANCEL-EVENT', `${what}; event ${named.id} fired, naming it`, response);
  if (patienceSpent(wait)) throw new Error(`GET /events of ${EVENT_TYPE} never settled after ${what}: ${describeEventWait(wait)}`);
  const unnamed = fresh.filter((event) => whoseEvent(event, rule) === 'no rule');
  if (unnamed.length > 0) {
    return ctx.check.pass(
      'PP-CANCEL-EVENT',
      `${what}; ${unnamed.length === 1 ? 'event' : 'events'} ${unnamed.map((event) => event.id).join(', ')} fired naming no rule (the payload is not shown), so one may be this cancel's`,
      response,
    );
  }
  const untraceable = fresh.filter((event) => whoseEvent(event, rule) === 'nothing of the run');
  if (untraceable.length > 0) {
    return ctx.check.skip(
      'PP-CANCEL-EVENT',
      `${what}; none named it or its account ${rule.relationships?.account?.data?.id}, but ${untraceable.map((event) => event.id).join(', ')} named no resource of the run: one may be its own, or another tenant's, so whether it fired cannot be told`,
    );
  }
  const others = fresh.map(
    (event) => `${event.id} (${rulesNamed(event).length ? `rule ${rulesNamed(event).join(', ')}` : 'another account'})`,
  );
  return ctx.check.fail(
    'PP-CANCEL-EVENT',
    others.length > 0
      ? `${what}; GET /events listed only other rules' or accounts' events (${describeEventWait(wait)}): ${others.join('; ')}`
      : `${what}; none appeared in GET /events (${describeEventWait(wait)})`,
    response,
  );
}
