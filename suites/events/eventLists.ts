import type { ApiResponse } from '../../harness/targetIO/apiClient.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';

// Reading GET /events (4.4) for the events scenarios: one page, or every page.

export type Query = Record<string, string | number | readonly string[] | undefined>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function listEvents(ctx: ScenarioContext, query: Query): Promise<{ events: any[]; response: ApiResponse }> {
  const response = await ctx.api.call('event.list', { query });
  if (response.status !== 200 || !Array.isArray(response.body?.data)) {
    throw new Error(`GET /events answered ${response.status}; the scenario needs the list of events`);
  }
  return { events: response.body.data, response };
}

/** Every page of a query, 1000 at a time. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function listAllEvents(ctx: ScenarioContext, query: Query): Promise<{ events: any[]; responses: ApiResponse[] }> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const events: any[] = [];
  const responses: ApiResponse[] = [];
  for (let offset = 0; offset <= 50_000; offset += 1000) {
    const { events: page, response } = await listEvents(ctx, { ...query, 'page[limit]': 1000, 'page[offset]': offset });
    events.push(...page);
    responses.push(response);
    if (page.length < 1000) break;
  }
  return { events, responses };
}

export const idsOf = (events: Array<{ id: unknown }>): string[] => events.map((event) => String(event.id));

/** An instant just before/after a timestamp, so bounds do not depend on whether since/until are inclusive. */
export const justBefore = (timestamp: string): string => new Date(Date.parse(timestamp) - 1).toISOString();
export const justAfter = (timestamp: string): string => new Date(Date.parse(timestamp) + 1).toISOString();
