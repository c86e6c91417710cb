/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';
import { pauseAfterRead, timedRead } from '../../harness/targetIO/pollCadence.ts';

// Finds the events an action fired through GET /events (section 4.4) with
// filter[type][] and filter[since]; events may appear shortly after the action,
// so a lookup that expects something polls for a few seconds.

export interface FoundEvents {
  events: any[];
  responses: ApiResponse[];
}

const pause = waitOnTarget;

/** A `filter[since]` one second before a target timestamp, so the target's own clock decides. */
export const sinceBefore = (timestamp: string): string => new Date(Date.parse(timestamp) - 1_000).toISOString();

export const relatedTo = (event: any, relationship: string, id: string): boolean => event?.relationships?.[relationship]?.data?.id === id;

/**
 * Whether an event may be the one fired for this application: it names the application, or it
 * names no application at all (a listed member may be absent: EV-PAYLOAD-LISTED-MEMBERS is a
 * SHOULD) and each other relationship it has among `known` (e.g. the customer an approval made)
 * names ours. Such an event is found, not "not fired".
 */
export function firedFor(event: any, applicationId: string, known: Readonly<Record<string, string | undefined>> = {}): boolean {
  if (relatedTo(event, 'application', applicationId)) return true;
  if (event?.relationships?.application !== undefined) return false;
  return Object.entries(known).every(
    ([relationship, id]) => id === undefined || event?.relationships?.[relationship] === undefined || relatedTo(event, relationship, id),
  );
}

/** Events naming the application first, then those that name none (firedFor). */
export const namingFirst = (events: any[], applicationId: string): any[] =>
  [...events].sort((a, b) => Number(relatedTo(b, 'application', applicationId)) - Number(relatedTo(a, 'application', applicationId)));

export async function listEvents(ctx: ScenarioContext, types: string[], since: string): Promise<{ events: any[]; response: ApiResponse }> {
  const response = await ctx.api.call('event.list', { query: { 'filter[type][]': types, 'filter[since]': since, 'page[limit]': 1000 } });
  if (response.status !== 200 || !Array.isArray(response.body?.data)) {
    throw new Error(`GET /events answered ${response.status}; the events of this scenario cannot be read`);
  }
  return { events: response.body.data, response };
}

/** Every listed type fired at least once among `events`. */
export const allTypesPresent = (types: string[]) => (events: any[]) => types.every((type) => events.some((event) => event.type === type));

/**
 * Polls until `complete` holds for the events of `types` that satisfy `predicate`
 * (by default: at least one), or gives up after `waitMs` and returns what it saw.
 */
export async function findEvents(
  ctx: ScenarioContext,
  types: string[],
  since: string,
  predicate: (event: any) => boolean,
  complete: (events: any[]) => boolean = (events) => events.length > 0,
  waitMs = 2_000,
): Promise<FoundEvents> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const { value, readMs } = await timedRead(() => listEvents(ctx, types, since));
    const matching = value.events.filter((event) => types.includes(event.type) && predicate(event));
    if (complete(matching) || Date.now() >= deadline) return { events: matching, responses: [value.response] };
    await pause(pauseAfterRead(250, readMs));
  }
}

/** Where an event departs from its Event Catalog schema (schemas/events/), as short messages; empty when it matches. */
export function eventShapeProblems(event: unknown): string[] {
  const result = schemaRegistry().validateEvent(event);
  return result.violations.slice(0, 3).map((violation) => violation.message);
}
