import { injectEvents, type InjectedEvent } from '../../harness/eventInjection.ts';
import type { ScenarioContext } from '../../harness/scenario.ts';
import { EVENT_TRIGGERS, type EventTriggerKind, triggerAvailable } from '../../harness/scenario.ts';
import { applicationBody } from '../sandbox/applicationBuilder.ts';
import { approveBody, createApplication } from '../sandbox/applicationClient.ts';

// Making events happen on a target. With eventInjection the emulator publishes
// catalogue events on request; a vendor sandbox has no such thing, but documented
// operations emit events (API 6.3): the sandbox approve of an application in
// PendingReview fires customer.created. Scenarios declare the triggers they can
// use (Scenario.eventTriggers) and take the best one the target offers.

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
}

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

async function approveApplications(ctx: ScenarioContext, count: number): Promise<TriggeredEvents> {
  const applications: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      const application = await createApplication(ctx, applicationBody('individual', ctx.faker, { applicant: PENDING_REVIEW_SSN }));
      if (application.status !== 'PendingReview') {
        throw new Error(`an individual application with SSN ${PENDING_REVIEW_SSN} is ${application.status}, not PendingReview (API 4.5 triggers), so approving it cannot make events happen`);
      }
      const response = await ctx.api.call('sandbox.approveApplication', { params: { applicationId: application.id }, body: approveBody('events for the conformance suite') });
      if (response.status < 200 || response.status >= 300) throw new Error(`sandbox approve of application ${application.id} answered ${response.status}`);
      applications.push(application.id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
  const ours = new Set(applications);
  return {
    via: 'sandbox-approve',
    expected: applications.map((id) => ({
      type: 'customer.created',
      because: `sandbox approve of application ${id} (API 3.3, 6.3)`,
      matches: (event: EventLike) => event.type === 'customer.created' && relatedId(event, 'application') === id,
    })),
    isOurs: (event) => ours.has(relatedId(event, 'application') ?? ''),
    knownIds: [],
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
  if (via === 'sandbox-approve') return approveApplications(ctx, count);
  const injected = [];
  for (let index = 0; index < count; index += 1) injected.push(types[index % types.length]!);
  return injectedEvents(await injectEvents(ctx.control, { types: injected }));
}

/** Events a scenario injected itself (e.g. catalogue forms with variants), described like any triggered events. */
export function injectedEvents(events: readonly InjectedEvent[]): TriggeredEvents {
  const ids = new Set(events.map((event) => event.id));
  return {
    via: 'injection',
    expected: events.map((event) => ({ type: event.type, because: `injected event ${event.id}`, matches: (other: EventLike) => other.id === event.id })),
    isOurs: (event) => ids.has(event.id),
    knownIds: [...ids],
  };
}

export { EVENT_TRIGGERS };
