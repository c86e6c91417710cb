import { randomInt } from 'node:crypto';
import { PAGE_LIMIT } from '../contract/catalogue/operationInputs.ts';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { operationOf } from './operationOf.ts';
import {
  type Aim,
  aimedOf,
  type AimedPerturbations,
  heldMsOf,
  mark,
  needsControl,
  type PerturbationName,
  refusedBefore,
  REPEATED,
  UNLISTED_EVENT_TYPE,
} from './perturbations.ts';
import type { RecordedRequest } from './recordedRequest.ts';
import type { BentAnswer } from './requestRecorder.ts';
import { PlanCursor } from './planCursor.ts';
import { ProxiedListShift } from './listShift.ts';
import type { ProxiedAnswer, ProxyBender } from './upstreamProxy.ts';

// The client command's perturbations where the client calls a target of a manifest through the proxy
// (client/upstreamProxy.ts, client --target), which offers only the documented API: each made by the
// proxy alone, never by asking the target for anything the client did not ask.
// - retry-after-429: the client's first write is answered 429 by the proxy and not sent on, so nothing is made upstream;
// - slow-answer: the create is sent on, made upstream, and its answer held beyond the documented time-out;
// - truncated-body: the call is sent on, made upstream, and the target's answer sent on with its whole Content-Length but
//   half its body, then the client's connection closed;
// - unknown-event-type: an event of a type the catalogue does not list is added to the first list of events with room
//   for it within its page[limit] and within its filters, and served by the proxy on its own URL (GET /events/{id}),
//   and its resend (POST /events/{id}) answered 204, as neither reaches the target, which never made it;
// - list-shift: the last event of the client's first full page of events is put first again on its next page
//   (client/listShift.ts), as the documented API gives no way to make an event upstream;
// - a perturbation that needs the emulator's control (more-than-one-page) is not made, and its requirements SKIP saying why.

/** The requests the proxy answers itself for the unlisted event: it exists only in what the client was given. */
const RESENT = 204;

/** Why the perturbations of `plan` that the proxy cannot make are not made: by name. */
export function unavailableThroughProxy(plan: readonly PerturbationName[]): Partial<Record<PerturbationName, string>> {
  return Object.fromEntries(
    plan.flatMap((name) => {
      const why = needsControl(name);
      return why ? [[name, `${name} needs the embedded emulator: ${why}, and a target of a manifest offers only the documented API`]] : [];
    }),
  );
}

interface UnlistedEvent {
  id: string;
  type: string;
  attributes: { createdAt: string };
  relationships: Record<string, never>;
}

export class ProxiedPlanBender implements ProxyBender {
  /** Each perturbation's chances, the call it bends among them (client/planCursor.ts), as inside the emulator. */
  private readonly cursor: PlanCursor<PerturbationName>;
  /** The perturbations the plan aims with `times`: the proxy answers them, nothing sent on, or changes the target's answer. */
  private readonly aimed: AimedPerturbations;
  private unlisted: UnlistedEvent | undefined;
  private readonly listShift = new ProxiedListShift(() => this.cursor.take('list-shift'));

  constructor(plan: readonly PerturbationName[], aims: Partial<Record<PerturbationName, Aim>> = {}) {
    this.cursor = new PlanCursor(
      plan.filter((name) => needsControl(name) === undefined && !REPEATED.includes(name)),
      aims,
    );
    this.aimed = aimedOf(plan, aims);
  }

  instead(recorded: RecordedRequest): ProxiedAnswer | undefined {
    const [pathname = '/'] = recorded.target.split('?');
    const operation = operationOf(recorded.method, pathname);
    if (!operation) return undefined;
    const unlisted = this.unlisted;
    if (unlisted && pathname.split('/').pop() === unlisted.id) {
      if (operation === 'event.get') return document(200, { data: unlisted });
      if (operation === 'event.resend') return { status: RESENT, headers: {}, body: Buffer.alloc(0) };
    }
    // A write refused before it is sent on is never made upstream.
    const refused = refusedBefore(this.aimed, recorded, operation);
    if (refused?.reset) return { status: 0, headers: {}, body: Buffer.alloc(0), reset: true };
    return refused && proxied(refused);
  }

  changed(recorded: RecordedRequest, answer: ProxiedAnswer): ProxiedAnswer | undefined {
    const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
    // Made upstream, and answered 503: the target keeps what it made.
    const replaced = operation && this.aimed.after?.answer(recorded, operation, answer.status);
    if (replaced) return proxied(replaced);
    const shifted = this.listShift.changed(recorded, answer);
    if (shifted) mark(recorded, 'list-shift', shifted.facts);
    if (shifted?.answer) return shifted.answer;
    if (!this.cursor.has('unknown-event-type') || answer.status !== 200) return undefined;
    const [pathname = '/', query = ''] = recorded.target.split('?', 2);
    if (operationOf(recorded.method, pathname) !== 'event.list') return undefined;
    const createdAt = new Date().toISOString();
    if (!admits(new URLSearchParams(query), createdAt)) return undefined;
    let list: { data?: unknown; meta?: { pagination?: { total?: unknown } } };
    try {
      list = JSON.parse(answer.body.toString('utf8')) as typeof list;
    } catch {
      return undefined;
    }
    // A page full to its limit has no room: the unlisted event waits for a list that has, as a page never holds more.
    if (!Array.isArray(list?.data) || list.data.length >= pageLimit(new URLSearchParams(query))) return undefined;
    // A list with room is a chance: the plan's (or the seed's) is the one it is added to.
    if (!this.cursor.take('unknown-event-type')) return undefined;
    this.unlisted = { id: unlistedId(), type: UNLISTED_EVENT_TYPE, attributes: { createdAt }, relationships: {} };
    list.data.unshift(this.unlisted);
    const total = list.meta?.pagination?.total;
    if (typeof total === 'number') list.meta!.pagination!.total = total + 1;
    mark(recorded, 'unknown-event-type', { type: UNLISTED_EVENT_TYPE, added: 'by the proxy, to this list' });
    return { ...answer, body: Buffer.from(JSON.stringify(list)) };
  }

  holdMs(recorded: RecordedRequest): number {
    return heldMsOf(this.aimed, recorded, () => this.cursor.take('slow-answer'));
  }

  cutAfterBytes(recorded: RecordedRequest, bodyBytes: number): number | undefined {
    return this.aimed.truncated?.cutAfterBytes(recorded, bodyBytes);
  }
}

/** An answer of the plan's own as the proxy sends it: a JSON:API error document. */
function proxied({ status, headers, errors, busyAfterMs }: BentAnswer): ProxiedAnswer {
  return { ...document(status, { errors }), headers: { ...headers, 'content-type': JSON_API }, busyAfterMs };
}

function document(status: number, body: unknown): ProxiedAnswer {
  return { status, headers: { 'content-type': JSON_API }, body: Buffer.from(JSON.stringify(body)) };
}

function pageLimit(query: URLSearchParams): number {
  const limit = Number(query.get('page[limit]') ?? PAGE_LIMIT.default);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, PAGE_LIMIT.maximum) : 0;
}

/** Whether a list's filters (4.4) admit an event of the unlisted type made at `createdAt`: no type filter, and within the dates. */
function admits(query: URLSearchParams, createdAt: string): boolean {
  if ([...query.keys()].some((name) => name.startsWith('filter[type]'))) return false;
  const since = query.get('filter[since]');
  const until = query.get('filter[until]');
  return (since === null || Date.parse(since) < Date.parse(createdAt)) && (until === null || Date.parse(until) > Date.parse(createdAt));
}

/** An id no target made: digits, as many targets' ids are, far beyond any sequence of its own. */
const unlistedId = (): string => `9${String(randomInt(10 ** 12)).padStart(12, '0')}`;
