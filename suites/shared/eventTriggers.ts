import { injectEvents, type InjectedEvent } from './eventInjection.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { EVENT_TRIGGERS, type EventTriggerKind, triggerAvailable } from '../../harness/engine/scenario.ts';
import { applicationBody } from './applicationBuilder.ts';
import { approveBody, createApplication, denyBody } from './applicationClient.ts';

// Making events happen on a target. With eventInjection the emulator publishes
// catalogue events on request; a vendor sandbox has no such thing, but documented
// operations emit events (API 3.3, 6.3): the sandbox approve of an application in
// PendingReview fires customer.created, its sandbox deny application.denied.
// Scenarios declare the triggers they can use (Scenario.eventTriggers) and take
// the best one the target offers.

/** The smallest view of an event, listed or delivered. */
export interface EventLike {
  id: string;
  type: string;
  relationships?: Record<string, { data?: { id?: string; type?: string } } | undefined>;
}

/** An event the documents say MUST follow from what the scenario did. */
export interface ExpectedEvent {
  type: string;
  /** Why it must happen, for messages. */
  because: string;
  matches(event: EventLike): boolean;
}

export interface TriggeredEvents {
  via: EventTriggerKind;
  expected: ExpectedEvent[];
  /** Whether an event is one this scenario made happen (other people's events on a shared target are not). */
  isOurs(event: EventLike): boolean;
  /** Event ids known the moment they happened (injection); triggers learn them by observing. */
  knownIds: string[];
  /**
   * A `filter[since]` value before the first of these events, by the target's own
   * clock (an injected event's or the application's createdAt), so that a list
   * from it holds them among whatever else happened meanwhile.
   */
  since: string;
}

/** The event type each documented trigger fires (API 6.3); injection fires any catalogued type. */
export const DOCUMENTED_FIRES = {
  'sandbox-approve': 'customer.created',
  'sandbox-deny': 'application.denied',
} as const satisfies Record<Exclude<EventTriggerKind, 'injection'>, string>;

/** SSN 000000004 puts an individual application in PendingReview (API 4.5 triggers), where approve applies. */
const PENDING_REVIEW_SSN = '000000004';
const PARALLEL = 8;

/** The first of `allowed` the target offers. */
export function chooseTrigger(ctx: ScenarioContext, allowed: readonly EventTriggerKind[]): EventTriggerKind {
  const kind = allowed.find((candidate) => triggerAvailable(candidate, ctx.target));
  if (!kind) throw new Error(`none of the event triggers ${allowed.join(', ')} is available on this target`);
  return kind;
}

const relatedId = (event: EventLike, relationship: string): string | undefined => event.relationships?.[relationship]?.data?.id;

/** An instant just before a target timestamp: since/until may be exclusive, and the target may round. */
const justBefore = (timestamp: string): string => new Date(Date.parse(timestamp) - 1).toISOString();

const REVIEWS = {
  'sandbox-approve': { operation: 'sandbox.approveApplication', verb: 'approve', body: approveBody },
  'sandbox-deny': { operation: 'sandbox.denyApplication', verb: 'deny', body: denyBody },
} as const;

async function reviewApplications(ctx: ScenarioContext, count: number, via: keyof typeof REVIEWS): Promise<TriggeredEvents> {
  const review = REVIEWS[via];
  const type = DOCUMENTED_FIRES[via];
  const applications: string[] = [];
  const createdAts: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: PENDING_REVIEW_SSN }));
      if (application.status !== 'PendingReview') {
        throw new Error(
          `an individual application with SSN ${PENDING_REVIEW_SSN} is ${application.status}, not PendingReview (API 4.5 triggers), so ${review.verb === 'approve' ? 'approving' : 'denying'} it cannot make events happen`,
        );
      }
      createdAts.push(Date.parse(application.createdAt));
      const response = await ctx.api.call(review.operation, {
        params: { applicationId: application.id },
        body: review.body('events for the conformance suite'),
      });
      if (response.status < 200 || response.status >= 300)
        throw new Error(`sandbox ${review.verb} of application ${application.id} answered ${response.status}`);
      applications.push(application.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
  const ours = new Set(applications);
  const earliest = Math.min(...createdAts);
  if (!Number.isFinite(earliest))
    throw new Error('the applications created to make events happen carry no createdAt, so their events cannot be told from older ones');
  return {
    via,
    expected: applications.map((id) => ({
      type,
      because: `sandbox ${review.verb} of application ${id} (API 3.3, 6.3)`,
      matches: (event: EventLike) => event.type === type && relatedId(event, 'application') === id,
    })),
    isOurs: (event) => ours.has(relatedId(event, 'application') ?? ''),
    knownIds: [],
    since: justBefore(new Date(earliest).toISOString()),
  };
}

/**
 * Makes at least `count` events happen that the documents say MUST happen, by
 * the best trigger of `allowed`. `types` applies to injection only (a documented
 * trigger fires what the documents say it fires).
 */
export async function makeEventsHappen(
  ctx: ScenarioContext,
  count: number,
  allowed: readonly EventTriggerKind[],
  types: readonly string[] = ['account.created'],
): Promise<TriggeredEvents> {
  const via = chooseTrigger(ctx, allowed);
  if (via !== 'injection') return reviewApplications(ctx, count, via);
  const injected = [];
  for (let index = 0; index < count; index += 1) injected.push(types[index % types.length]!);
  return injectedEvents(await injectEvents(ctx.control, { types: injected }));
}

/** Events a scenario injected itself (e.g. catalogue forms with variants), described like any triggered events. */
export function injectedEvents(events: readonly InjectedEvent[]): TriggeredEvents {
  const ids = new Set(events.map((event) => event.id));
  return {
    via: 'injection',
    expected: events.map((event) => ({
      type: event.type,
      because: `injected event ${event.id}`,
      matches: (other: EventLike) => other.id === event.id,
    })),
    isOurs: (event) => ids.has(event.id),
    knownIds: [...ids],
    since: justBefore(events.map((event) => event.createdAt).sort((a, b) => Date.parse(a) - Date.parse(b))[0]!),
  };
}

export { EVENT_TRIGGERS };
