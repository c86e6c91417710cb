import { PAGE_LIMIT } from '../contract/catalogue/operationInputs.ts';
import { readCount } from '../receiver/effectsProbe.ts';
import { operationOf } from './operationOf.ts';
import type { RecordedRequest } from './recordedRequest.ts';
import type { ProxiedAnswer } from './upstreamProxy.ts';

// list-shift (issue 52, item 2): a list that shifts under the client's page[offset] between two pages.
// Section 4.4 pages the events by an offset ("Resources to skip") and says nothing of their order nor of
// events made meanwhile; the emulator lists them newest first, so one event made after the client's first
// page pushes every event one place down, and the next page starts with the first page's last. Inside the
// emulator that event is made (EmbeddedListShift); through the proxy of client --target, where the
// documented API makes no event, the proxy shows the same: the first page's last event first again on the
// next (ProxiedListShift). Each says what to mark; the benders mark it (client/perturbations.ts mark).

/** What the bent page is marked with: the event the next page repeats, and where the pages are. */
export type ShiftFacts = Record<string, number | string>;

/** A list's page: where it starts and how many it holds; undefined where the page size is one the API refuses. */
export function pageOf(target: string): { offset: number; limit: number } | undefined {
  const query = new URLSearchParams(target.split('?')[1] ?? '');
  const limit = Number(query.get('page[limit]') ?? PAGE_LIMIT.default);
  const offset = Number(query.get('page[offset]') ?? 0);
  const answerable = Number.isInteger(limit) && limit > 0 && limit <= PAGE_LIMIT.maximum && Number.isInteger(offset) && offset >= 0;
  return answerable ? { offset, limit } : undefined;
}

/** A list of events as its filters (4.4) select it, its page left out: the same list, read page after page. */
export const filtersOf = (target: string): string =>
  [...new URLSearchParams(target.split('?')[1] ?? '')]
    .filter(([name]) => !name.startsWith('page['))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');

/** Whether a recorded call is a list of events answered 200. */
export const isEventList = (recorded: Pick<RecordedRequest, 'method' | 'target' | 'status'>): boolean =>
  recorded.status === 200 && operationOf(recorded.method, recorded.target.split('?')[0] ?? '/') === 'event.list';

interface EventList {
  data: Array<{ id?: unknown }>;
  meta?: { pagination?: { total?: unknown } };
}

/** An answer's list of events; undefined where it holds none. */
function listOf(body: string | undefined): EventList | undefined {
  try {
    const list = JSON.parse(body ?? '') as EventList;
    return Array.isArray(list?.data) ? list : undefined;
  } catch {
    return undefined;
  }
}

/** The ids of the events an answer gave, in its order. */
export const eventIdsOf = (body: string | undefined): string[] => (listOf(body)?.data ?? []).map((event) => String(event?.id));

/** The catalogued type a new event of the list is made of: one its type filter admits, else `otherwise`. */
const typeAdmitted = (target: string, otherwise: string): string => {
  const query = new URLSearchParams(target.split('?')[1] ?? '');
  return [...query.getAll('filter[type][]'), ...query.getAll('filter[type]')][0] ?? otherwise;
};

/** The emulator as the shift inside it uses it: its injection, and how many events a list's filters select. */
export interface ShiftingEmulator {
  inject(type: string, count: number): Promise<Array<{ id: string }>>;
  total(query: URLSearchParams): Promise<number>;
}

/**
 * Inside the emulator: at the aimed first page (offset 0) of a list of events, more events than it holds, then, once it
 * is answered, one new event its filters select, newest, so that its last event is the first of the next page.
 */
export class EmbeddedListShift {
  private shifting: { recorded: RecordedRequest; type: string; limit: number } | undefined;

  /** `take`: one more chance (a first page), true at the aimed one; `type`: the type the new events are of, where unfiltered. */
  constructor(
    private readonly take: () => boolean,
    private readonly emulator: ShiftingEmulator,
    private readonly type: string,
  ) {}

  /** Whether a page was taken and its answer not yet shifted under. */
  get waiting(): boolean {
    return this.shifting !== undefined;
  }

  /** Whether `recorded` is the page taken, its answer not yet shifted under. */
  bends(recorded: RecordedRequest): boolean {
    return recorded === this.shifting?.recorded;
  }

  /** Before a list of events: where it is the aimed first page, more events than the page holds, so a next page exists. */
  async before(recorded: RecordedRequest): Promise<void> {
    const page = pageOf(recorded.target);
    if (!page || page.offset !== 0 || !this.take()) return;
    const type = typeAdmitted(recorded.target, this.type);
    this.shifting = { recorded, type, limit: page.limit };
    const held = await this.emulator.total(new URLSearchParams(recorded.target.split('?')[1] ?? ''));
    if (held <= page.limit) await this.emulator.inject(type, page.limit + 1 - held);
  }

  /** Once the aimed page is answered: the new event, and what to mark; undefined where the list did not shift. */
  async answered(recorded: RecordedRequest): Promise<ShiftFacts | undefined> {
    if (recorded !== this.shifting?.recorded) return undefined;
    const { type, limit } = this.shifting;
    this.shifting = undefined;
    const last = eventIdsOf(recorded.answerBody).at(-1);
    if (!isEventList(recorded) || last === undefined) return undefined;
    const query = new URLSearchParams(recorded.target.split('?')[1] ?? '');
    const before = await this.emulator.total(query);
    if (before <= limit) return undefined;
    const [made] = await this.emulator.inject(type, 1);
    // Its filters (a date window) may leave the new event out: then nothing shifted, and nothing is marked.
    if (!made || (await this.emulator.total(query)) !== before + 1) return undefined;
    return { eventId: last, page: 1, limit, offset: 0, madeEventId: made.id };
  }
}

/**
 * Through the proxy: the aimed full first page (offset 0) of a list of events is remembered by its last event, and the
 * client's next page of the same list (same filters and limit, offset advanced by the limit) gets that event first again,
 * its own last dropped to keep the limit and its total one more, as a list shifted by one new event would read.
 */
export class ProxiedListShift {
  private remembered: { filters: string; limit: number; event: { id?: unknown } } | undefined;
  private repeated = false;

  constructor(private readonly take: () => boolean) {}

  /** The answer as the client gets it, and what to mark on its call; undefined where it is not bent. */
  changed(recorded: RecordedRequest, answer: ProxiedAnswer): { answer?: ProxiedAnswer; facts: ShiftFacts } | undefined {
    if (this.repeated || !isEventList({ ...recorded, status: answer.status })) return undefined;
    const page = pageOf(recorded.target);
    const list = listOf(answer.body.toString('utf8'));
    if (!page || !list) return undefined;
    const total = list.meta?.pagination?.total;
    const remembered = this.remembered;
    if (!remembered) {
      // Only a full page with more after it (where the target says its total) has a next page to shift.
      const full = list.data.length >= page.limit && (typeof total !== 'number' || total > page.limit);
      const last = list.data.at(-1);
      if (page.offset !== 0 || !full || !last || !this.take()) return undefined;
      this.remembered = { filters: filtersOf(recorded.target), limit: page.limit, event: last };
      return { facts: { eventId: String(last.id), page: 1, limit: page.limit, offset: 0 } };
    }
    if (filtersOf(recorded.target) !== remembered.filters || page.limit !== remembered.limit || page.offset !== remembered.limit)
      return undefined;
    this.repeated = true;
    list.data.unshift(remembered.event);
    if (list.data.length > page.limit) list.data.pop();
    if (typeof total === 'number') list.meta!.pagination!.total = total + 1;
    return {
      answer: { ...answer, body: Buffer.from(JSON.stringify(list)) },
      facts: { eventId: String(remembered.event.id), page: 2, limit: page.limit, offset: page.offset, repeatedBy: 'the proxy' },
    };
  }
}

/**
 * Once the client is done: what its effects probe (client --effects) counts for the event the list repeated, put on the
 * bent page's facts; nothing where there is no probe, or it no longer answers (a receiver in the client's own process).
 */
export async function countShiftedEffects(requests: readonly RecordedRequest[], effectsUrl: string | undefined): Promise<void> {
  const facts = requests.flatMap((recorded) => recorded.perturbed ?? []).find((bent) => bent.name === 'list-shift')?.facts;
  if (!effectsUrl || facts?.eventId === undefined) return;
  const read = await readCount(effectsUrl, String(facts.eventId));
  if ('count' in read) facts.effectsCount = read.count;
}
