import { PAGE_LIMIT } from '../contract/catalogue/operationInputs.ts';
import { type OperationName, OPERATIONS } from '../contract/catalogue/operationCatalogue.ts';
import { OPERATION_TIMEOUT_MS } from '../harness/targetIO/apiClient.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';
import { tooManyRequests } from '../emulator/realism/rateLimit.ts';
import { operationOf } from './operationOf.ts';
import type { RecordedRequest } from './recordedRequest.ts';
import { sameRequest } from './sameRequest.ts';
import type { AnswerBender, BentAnswer } from './requestRecorder.ts';
import { PlanCursor } from './planCursor.ts';
import { EmbeddedListShift } from './listShift.ts';

// The perturbations of the client command, as the OpenID suite's test plans have them: the
// emulator's answers bent, through the recorder inside its server, at points the documents allow,
// to see the client cope. Each is named, judged by its CL requirements (client/perturbationChecks.ts)
// and chosen by a plan; with none chosen, every answer is the emulator's own.

export const PERTURBATIONS = {
  'unknown-event-type': {
    requirement: 'CL-UNKNOWN-EVENT-TYPE',
    description:
      'an event of a type the Event Catalog does not list, newest in the first page of events the client reads, and delivered to the first webhook it creates',
    // The proxy in front of a target (client/proxiedPerturbations.ts) makes nothing upstream: the event is the proxy's alone.
    throughProxy: 'added by the proxy to the first list of events with room for it, and served on its own URL; not delivered',
  },
  'retry-after-429': {
    requirement: 'CL-RETRY-AFTER-429',
    description: "the client's first write answered 429 with Retry-After, never relayed",
    // op: whose write; call: the Nth of them; times: answered 429 that many times in a row, sent again, then let through.
    parameters: ['op', 'call', 'times'],
    aimsAtWrites: true,
  },
  'slow-answer': {
    requirement: 'CL-SLOW-ANSWER',
    // What a client that gave up does next: sending the create again may make a second resource.
    alsoJudgedBy: ['CL-SLOW-CREATE-NO-DUPLICATE'],
    description:
      "the client's first create of a new resource (another than the 429's; not the policy, which a second create sets again) made, its answer held beyond the documented time-out",
  },
  'status-503-before-create': {
    requirement: 'CL-5XX-BEFORE-CREATE',
    description: "the client's first create of a new resource answered 503 before it was made, never relayed (only where a plan names it)",
    // op: which create; call: the Nth of them; times: answered 503 that many times in a row, sent again, then let through.
    parameters: ['op', 'call', 'times'],
    aimsAtCreates: true,
    onlyNamed: true,
  },
  'status-503-after-create': {
    requirement: 'CL-5XX-AFTER-CREATE-NO-DUPLICATE',
    description: "the client's first create of a new resource made, and answered 503 instead of what it made (only where a plan names it)",
    // op: which create; call: the Nth made; times: that create made and answered 503 that many times in a row.
    parameters: ['op', 'call', 'times'],
    aimsAtCreates: true,
    onlyNamed: true,
  },
  'status-429-without-retry-after': {
    requirement: 'CL-429-WITHOUT-RETRY-AFTER',
    description: "the client's first call answered 429 without Retry-After, never relayed (only where a plan names it)",
    // op: whose call; call: the Nth of them; times: answered 429 that many times in a row, sent again, then let through.
    parameters: ['op', 'call', 'times'],
    onlyNamed: true,
  },
  'slow-within-timeout': {
    requirement: 'CL-SLOW-WITHIN-TIMEOUT',
    description: "the answer to the client's first call held 1 s short of the documented time-out, then sent (only where a plan names it)",
    // op: whose call; call: the Nth of them.
    parameters: ['op', 'call'],
    onlyNamed: true,
  },
  reset: {
    requirement: 'CL-CONNECTION-RESET',
    description: "the connection of the client's first call reset before its answer, the call never made (only where a plan names it)",
    // op: whose call; call: the Nth of them; times: reset that many times in a row, sent again, then let through.
    parameters: ['op', 'call', 'times'],
    onlyNamed: true,
  },
  'truncated-body': {
    requirement: 'CL-TRUNCATED-BODY',
    description:
      "the answer to the client's first call that has a body (a 2xx) made and sent with its whole Content-Length but half its body, then the connection closed (only where a plan names it)",
    // op: whose call; call: the Nth of them answered with a body; times: cut short that many times in a row, sent again, then let through.
    parameters: ['op', 'call', 'times'],
    onlyNamed: true,
  },
  'list-shift': {
    requirement: 'CL-LIST-SHIFT',
    description:
      "a new event made after the first page of the client's first list of events, so that the page's last event is the next page's first (only where a plan names it)",
    // call: the Nth list of events the client reads from its first page (offset 0).
    parameters: ['call'],
    onlyNamed: true,
    throughProxy:
      "the proxy repeats the last event of the client's first full page first on its next page (same filters and limit), that page's last dropped",
  },
  'more-than-one-page': {
    requirement: 'CL-PAGES-READ',
    description: 'more events than one page of the client holds, before its first list of events',
    // A target of a manifest (client --target) offers only the documented API: no way to make events there.
    needsControl: "the events are made by the emulator's event injection",
  },
} as const satisfies Record<
  string,
  {
    requirement: string;
    alsoJudgedBy?: readonly string[];
    description: string;
    needsControl?: string;
    throughProxy?: string;
    parameters?: readonly PlanParameter[];
    /** Its `op` may name only an operation that writes (not GET): it bends nothing else. */
    aimsAtWrites?: boolean;
    /** Its `op` may name only a create of a new resource (NEW_RESOURCE_CREATES): it bends nothing else. */
    aimsAtCreates?: boolean;
    /**
     * Left out of the default plan: made only where --plan names it. A client that is told a create failed may stop there,
     * and the default plan keeps every client's run comparable with the runs before these perturbations were added.
     */
    onlyNamed?: boolean;
  }
>;

/** What a plan may say of a perturbation beyond its name (client --plan NAME:op=…,call=…,times=…). */
export const PLAN_PARAMETERS = ['op', 'call', 'times'] as const;
export type PlanParameter = (typeof PLAN_PARAMETERS)[number];

/** Where a plan aims a perturbation: which operation's calls, the Nth of them (1), how many times in a row (1). */
export interface Aim {
  op?: OperationName;
  call?: number;
  times?: number;
}

export type PerturbationName = keyof typeof PERTURBATIONS;
export const PERTURBATION_NAMES = Object.keys(PERTURBATIONS) as PerturbationName[];

/** Every requirement that judges what the client did after a perturbation, its own first. */
export function requirementsOf(name: PerturbationName): readonly string[] {
  const perturbation: { requirement: string; alsoJudgedBy?: readonly string[] } = PERTURBATIONS[name];
  return [perturbation.requirement, ...(perturbation.alsoJudgedBy ?? [])];
}
/** Why a perturbation cannot be made through the proxy in front of a target (client --target); undefined where it can. */
export function needsControl(name: PerturbationName): string | undefined {
  const perturbation: { requirement: string; needsControl?: string } = PERTURBATIONS[name];
  return perturbation.needsControl;
}
/** The parameters a perturbation takes; none where it takes none. */
export function parametersOf(name: PerturbationName): readonly PlanParameter[] {
  const perturbation: { requirement: string; parameters?: readonly PlanParameter[] } = PERTURBATIONS[name];
  return perturbation.parameters ?? [];
}

/** The operations a perturbation's `op` may name, and what they are called in a refusal; undefined where any operation. */
export function aimableOperations(name: PerturbationName): { operations: readonly OperationName[]; what: string } | undefined {
  const perturbation: { requirement: string; aimsAtWrites?: boolean; aimsAtCreates?: boolean } = PERTURBATIONS[name];
  if (perturbation.aimsAtCreates) return { operations: NEW_RESOURCE_CREATES, what: 'no create of a new resource' };
  if (perturbation.aimsAtWrites)
    return {
      operations: (Object.keys(OPERATIONS) as OperationName[]).filter((operation) => OPERATIONS[operation].method !== 'GET'),
      what: 'no operation that writes',
    };
  return undefined;
}

/** How a perturbation is made through the proxy in front of a target, where that differs from its description; undefined where not. */
export function throughProxy(name: PerturbationName): string | undefined {
  const perturbation: { requirement: string; throughProxy?: string } = PERTURBATIONS[name];
  return perturbation.throughProxy;
}
/** The plan `client` runs unless told: every perturbation not made only where a plan names it. */
export const DEFAULT_PLAN: readonly PerturbationName[] = PERTURBATION_NAMES.filter((name) => {
  const perturbation: { requirement: string; onlyNamed?: boolean } = PERTURBATIONS[name];
  return perturbation.onlyNamed !== true;
});
/** The plan that bends nothing. */
export const NO_PLAN = 'none';

/** A type no Event Catalog entry has (resource.event, as the emulator's injection takes it). */
export const UNLISTED_EVENT_TYPE = 'conformanceClient.unlisted';
/** The catalogued type the extra page is filled with: the one event the documented operations a client calls emit (API 6.3). */
const FILLER_EVENT_TYPE = 'positivePay.cancelled';
/** What the 429 tells the client to wait, in seconds (RFC 9110 10.2.3). */
export const RETRY_AFTER_SECONDS = 2;
/** How far beyond the documented time-out (API Conventions; 8) a slow answer is held. */
export const SLOW_BEYOND_MS = 1_000;
export const SLOW_ANSWER_MS = OPERATION_TIMEOUT_MS + SLOW_BEYOND_MS;
/** How long slow-within-timeout holds an answer: short of the documented time-out, so a client that waits it out gets it. */
export const WITHIN_TIMEOUT_MS = OPERATION_TIMEOUT_MS - SLOW_BEYOND_MS;

const CREATES: readonly OperationName[] = ['positivePayPolicy.create', 'positivePay.create', 'webhook.create'];
/**
 * Creates that replace what they create: the policy is the account's opt-in (4.1, "account-level opt-in"), one per
 * account, so posting it again sets it again and makes no second resource.
 */
export const REPLACING_CREATES: readonly OperationName[] = ['positivePayPolicy.create'];
/** The creates a retry can make a second resource of: what a 503 before or after the create is aimed at. */
export const NEW_RESOURCE_CREATES: readonly OperationName[] = CREATES.filter((operation) => !REPLACING_CREATES.includes(operation));
/** The operations that return events to the client (4.4): where an unlisted type it read is found in the answer. */
export const EVENT_READS: readonly OperationName[] = ['event.list', 'event.get'];

/** One event the emulator published, as its injection answers it. */
interface Published {
  id: string;
  type: string;
  createdAt: string;
}

/** One request to the emulator made by the suite itself (the client subject's app.inject): never recorded, never bent. */
export type EmulatorCall = (call: {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
}) => Promise<{ status: number; body: string }>;

/** Bends the answers a plan chose, each at its first chance; the emulator is reached directly, never through the recorder. */
export class PlanBender implements AnswerBender {
  /** Each perturbation's chances, the call it bends among them (client/planCursor.ts). */
  private readonly cursor: PlanCursor<PerturbationName>;
  /** The unlisted type is also delivered once, to the first webhook the client creates. */
  private deliverUnlisted: boolean;
  /** The webhook create whose answer set off the unlisted delivery, and that event. */
  private delivering: { recorded: RecordedRequest; event: Published; publishedMs: number } | undefined;

  /** The perturbations the plan aims with `times`. */
  private readonly aimed: AimedPerturbations;
  /** list-shift: a new event made between the client's first page of events and its next (client/listShift.ts). */
  private readonly listShift: EmbeddedListShift;

  constructor(
    plan: readonly PerturbationName[],
    private readonly call: EmulatorCall,
    private readonly token: string,
    aims: Partial<Record<PerturbationName, Aim>> = {},
  ) {
    this.cursor = new PlanCursor(
      plan.filter((name) => !REPEATED.includes(name)),
      aims,
    );
    this.aimed = aimedOf(plan, aims);
    this.deliverUnlisted = plan.includes('unknown-event-type');
    const emulator = {
      inject: (type: string, count: number) => this.inject(type, count),
      total: (query: URLSearchParams) => this.total(query),
    };
    this.listShift = new EmbeddedListShift(() => this.take('list-shift'), emulator, FILLER_EVENT_TYPE);
  }

  get spent(): boolean {
    return this.cursor.spent && !this.deliverUnlisted && aimedDone(this.aimed) && !this.listShift.waiting;
  }

  replaced(recorded: RecordedRequest): BentAnswer | undefined {
    const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
    return operation && this.aimed.after?.answer(recorded, operation, recorded.status);
  }

  answered(recorded: RecordedRequest): Promise<void> | undefined {
    if (this.listShift.bends(recorded))
      return this.listShift.answered(recorded).then(
        (facts) => void (facts && mark(recorded, 'list-shift', facts)),
        // The emulator refused the new event (its store full): the list did not shift, and nothing is marked.
        () => undefined,
      );
    const created = (recorded.status ?? 0) >= 200 && (recorded.status ?? 0) < 300;
    if (!this.deliverUnlisted || !created || operationOf(recorded.method, recorded.target.split('?')[0] ?? '/') !== 'webhook.create')
      return undefined;
    this.deliverUnlisted = false;
    // Published now, it goes to every Enabled webhook the subscription admits: the one just made among them.
    return this.inject(UNLISTED_EVENT_TYPE, 1).then(
      ([event]) => {
        if (event) this.delivering = { recorded, event, publishedMs: performance.now() };
        mark(recorded, 'unknown-event-type', { type: UNLISTED_EVENT_TYPE, delivered: 'to the webhook it created' });
      },
      // The emulator refused the injection (its store full): the client's answer goes on unbent.
      () => undefined,
    );
  }

  /**
   * Once the client is done: whether the unlisted event reached its receiver, from the emulator's delivery log (an
   * attempt is made only where the webhook's subscription admits the type). Reached: the receiver answered, or broke
   * the exchange off after taking it; not reached: no attempt, or no connection. `readMs` is when the receiver was done
   * with it, on the recorder's clock (performance.now()), so that the judge can tell which calls came after.
   */
  async settle(): Promise<void> {
    const delivering = this.delivering;
    if (!delivering) return;
    const { path } = CONTROL_ROUTES.readDeliveries;
    const answer = await this.call({ method: 'GET', url: `${CONTROL_PREFIX}${path}?event=${encodeURIComponent(delivering.event.id)}` });
    if (answer.status !== 200) return;
    const { deliveries = [] } = JSON.parse(answer.body) as { deliveries?: DeliveryRead[] };
    const first = deliveries.sort((a, b) => a.seq - b.seq).find((attempt) => attempt.response || !NOT_CONNECTED.test(attempt.error ?? ''));
    const facts = delivering.recorded.perturbed?.find((bent) => bent.name === 'unknown-event-type')?.facts;
    if (!facts) return;
    if (!first) {
      facts.reached = deliveries.length === 0 ? 'no delivery: the subscription did not admit it' : 'no receiver listening';
      return;
    }
    // The emulator's clock runs at the real pace in a client run: its times map onto the recorder's by the publication.
    const sentAfterMs = Date.parse(first.sentAt) - Date.parse(delivering.event.createdAt);
    facts.readMs = delivering.publishedMs + Math.max(0, sentAfterMs) + (first.durationMs ?? 0);
    facts.reached = first.response
      ? `its receiver answered ${first.response.status}`
      : `its receiver took it: ${first.error ?? 'in flight'}`;
  }

  before(recorded: RecordedRequest): Promise<BentAnswer | undefined> | undefined {
    const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
    if (!operation) return undefined;
    const refused = refusedBefore(this.aimed, recorded, operation);
    if (refused) return Promise.resolve(refused);
    if (operation === 'event.list') {
      const shifts = this.cursor.has('list-shift');
      if (!this.cursor.has('more-than-one-page') && !this.cursor.has('unknown-event-type') && !shifts) return undefined;
      return this.eventsFirstRead(recorded)
        .then(() => (shifts ? this.listShift.before(recorded) : undefined))
        .then(
          () => undefined,
          () => void this.failed(recorded),
        );
    }
    return undefined;
  }

  holdMs(recorded: RecordedRequest): number {
    return heldMsOf(this.aimed, recorded, () => this.take('slow-answer'));
  }

  cutAfterBytes(recorded: RecordedRequest, bodyBytes: number): number | undefined {
    return this.aimed.truncated?.cutAfterBytes(recorded, bodyBytes);
  }

  /** Before the first list of events is relayed: more events than its page holds, then the unlisted type, newest (first). */
  private async eventsFirstRead(recorded: RecordedRequest): Promise<void> {
    const query = new URLSearchParams(recorded.target.split('?')[1] ?? '');
    const limit = Number(query.get('page[limit]') ?? PAGE_LIMIT.default);
    // A page size the emulator refuses makes no page to count: the pages wait for a list it answers.
    const answerable = Number.isInteger(limit) && limit > 0 && limit <= PAGE_LIMIT.maximum;
    const paged = answerable && this.take('more-than-one-page');
    if (paged) {
      const held = await this.total(query);
      const added = Math.max(0, limit + 1 - held);
      if (added > 0) await this.inject(FILLER_EVENT_TYPE, added);
    }
    if (this.take('unknown-event-type')) {
      await this.inject(UNLISTED_EVENT_TYPE, 1);
      mark(recorded, 'unknown-event-type', { type: UNLISTED_EVENT_TYPE });
    }
    // Counted once both are in: the pages the client could read from here.
    if (paged) {
      const total = await this.total(query);
      mark(recorded, 'more-than-one-page', { limit, total, pages: Math.ceil(total / limit) });
    }
  }

  /** The emulator refused a perturbation's set-up (its store full): the client's call goes on unbent, and is not marked. */
  private failed(recorded: RecordedRequest): void {
    recorded.perturbed = recorded.perturbed?.filter((bent) => bent.name !== 'more-than-one-page' && bent.name !== 'unknown-event-type');
  }

  private take(name: PerturbationName): boolean {
    return this.cursor.take(name);
  }

  private async inject(type: string, count: number): Promise<Published[]> {
    const { method, path } = CONTROL_ROUTES.injectEvents;
    const answer = await this.call({
      method,
      url: `${CONTROL_PREFIX}${path}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, count }),
    });
    if (answer.status !== 201) throw new Error(`the emulator answered ${answer.status} to an injection of ${type}`);
    return (JSON.parse(answer.body) as { events: Published[] }).events;
  }

  /** How many events the client's own filters select, from the emulator directly. */
  private async total(query: URLSearchParams): Promise<number> {
    const filters = new URLSearchParams([...query].filter(([name]) => name.startsWith('filter')));
    filters.set('page[limit]', '1');
    const answer = await this.call({ method: 'GET', url: `/events?${filters}`, headers: { authorization: `Bearer ${this.token}` } });
    const body = JSON.parse(answer.body) as { meta?: { pagination?: { total?: number } } };
    return body.meta?.pagination?.total ?? 0;
  }
}

/** What the delivery log says of one attempt (emulator/delivery/deliveryLog.ts), as far as the judge reads it. */
interface DeliveryRead {
  seq: number;
  sentAt: string;
  durationMs?: number;
  response?: { status: number };
  error?: string;
}
/** An attempt that never reached a receiver: nobody listened at the URL. */
const NOT_CONNECTED = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN/;

/**
 * Which calls an aim with `times` bends: the `call`-th call it is offered (of `op`, where aimed), then the same request each
 * time it is sent again, `times` in all; every later one goes through. Both benders ask it, so that a plan bends the same
 * calls inside the emulator and through the proxy.
 */
class RepeatedAim {
  private seen = 0;
  private answered = 0;
  private firstRequest: RecordedRequest | undefined;

  constructor(private readonly aim: Aim = {}) {}

  /** The call bent first; undefined until then. */
  get first(): RecordedRequest | undefined {
    return this.firstRequest;
  }

  get done(): boolean {
    return this.answered >= (this.aim.times ?? 1);
  }

  /** Facts of the bending for this request where the aim takes it (which of several in a row); undefined where it goes through. */
  take(recorded: RecordedRequest, operation: OperationName): Record<string, number> | undefined {
    if (this.done) return undefined;
    if (this.firstRequest) {
      if (!sameRequest(this.firstRequest, recorded)) return undefined;
    } else {
      if (this.aim.op !== undefined && operation !== this.aim.op) return undefined;
      this.seen += 1;
      if (this.seen !== (this.aim.call ?? 1)) return undefined;
      this.firstRequest = recorded;
    }
    this.answered += 1;
    const times = this.aim.times ?? 1;
    return times > 1 ? { attempt: this.answered, times } : {};
  }
}

/** Which of the client's writes retry-after-429 answers: a write, aimed and repeated as RepeatedAim says. */
export class ThrottleAim {
  private readonly repeated: RepeatedAim;

  constructor(aim: Aim = {}) {
    this.repeated = new RepeatedAim(aim);
  }

  /** The write answered first; undefined until then. */
  get throttled(): RecordedRequest | undefined {
    return this.repeated.first;
  }

  get done(): boolean {
    return this.repeated.done;
  }

  /** The 429 for this request, marked on it, where the aim takes it; undefined where it goes through. */
  answer(recorded: RecordedRequest, operation: OperationName): BentAnswer | undefined {
    if (recorded.method === 'GET') return undefined;
    const facts = this.repeated.take(recorded, operation);
    return facts && throttledAnswer(recorded, facts);
  }
}

/** The perturbations aimed with `times`, counted by their own aims rather than the plan's cursor. */
export const REPEATED: readonly PerturbationName[] = [
  'retry-after-429',
  'status-429-without-retry-after',
  'status-503-before-create',
  'status-503-after-create',
  'reset',
  'slow-within-timeout',
  'truncated-body',
];

/**
 * A perturbation that may bend any operation's call, aimed and repeated as RepeatedAim says: the answer it gives instead
 * (a reset: none at all), and the facts it marks.
 */
export class AnyCallAim {
  private readonly repeated: RepeatedAim;

  constructor(
    private readonly name: PerturbationName,
    private readonly given: BentAnswer,
    private readonly facts: Record<string, string>,
    aim: Aim = {},
  ) {
    this.repeated = new RepeatedAim(aim);
  }

  get done(): boolean {
    return this.repeated.done;
  }

  /** Its answer for this call, marked on it, where the aim takes it; undefined where it goes through. */
  answer(recorded: RecordedRequest, operation: OperationName): BentAnswer | undefined {
    const facts = this.repeated.take(recorded, operation);
    if (!facts) return undefined;
    mark(recorded, this.name, { ...this.facts, ...facts });
    return this.given;
  }
}

/** The 5xx a plan answers a create with: the status the two perturbations are named for. */
export const SERVER_ERROR_STATUS = 503;

/** RFC 6585 4: a 429 MAY say how long to wait; this one does not, so the client's own backoff is what it waits. */
const BARE_429: BentAnswer = {
  status: 429,
  headers: {},
  errors: [{ status: '429', title: 'Too many requests', detail: 'rate limit exceeded' }],
  busyAfterMs: RETRY_AFTER_SECONDS * 1000,
};
/** Not made: the answer stands for none, as the connection is reset before it is sent. */
const RESET: BentAnswer = { status: SERVER_ERROR_STATUS, headers: {}, errors: [], busyAfterMs: 0, reset: true };

/** The perturbations a plan aims with `times`, where it has them: made alike by either bender. */
export interface AimedPerturbations {
  throttle?: ThrottleAim;
  bareThrottle?: AnyCallAim;
  reset?: AnyCallAim;
  before?: ServerErrorAim;
  after?: ServerErrorAim;
  within?: WithinTimeoutAim;
  truncated?: TruncationAim;
}

/** Which call slow-within-timeout holds: the `call`-th answered (of `op`, where aimed), once. */
export class WithinTimeoutAim {
  private readonly repeated: RepeatedAim;

  constructor(aim: Aim = {}) {
    this.repeated = new RepeatedAim({ ...aim, times: 1 });
  }

  get done(): boolean {
    return this.repeated.done;
  }

  /** How long this call's answer is held, marked on it, where the aim takes it; 0 where it is sent at once. */
  holdMs(recorded: RecordedRequest): number {
    const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
    if (!operation || recorded.perturbed?.length || !this.repeated.take(recorded, operation)) return 0;
    mark(recorded, 'slow-within-timeout', { heldMs: WITHIN_TIMEOUT_MS, timeoutMs: OPERATION_TIMEOUT_MS });
    return WITHIN_TIMEOUT_MS;
  }
}

/**
 * Which answers truncated-body cuts short: the call was made, and its answer, a 2xx with a body, is sent with its whole
 * Content-Length but half its bytes. Any operation's call, aimed and repeated as RepeatedAim says, among those so answered.
 */
export class TruncationAim {
  private readonly repeated: RepeatedAim;

  constructor(aim: Aim = {}) {
    this.repeated = new RepeatedAim(aim);
  }

  get done(): boolean {
    return this.repeated.done;
  }

  /** How many of the answer's `bodyBytes` the client gets, marked on it, where the aim takes it; undefined where it gets all. */
  cutAfterBytes(recorded: RecordedRequest, bodyBytes: number): number | undefined {
    const status = recorded.status ?? 0;
    const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
    // An answer another perturbation bent is that one's to judge; one of fewer than 2 bytes has no half to send.
    if (!operation || status < 200 || status >= 300 || bodyBytes < 2 || recorded.perturbed?.length) return undefined;
    const facts = this.repeated.take(recorded, operation);
    if (!facts) return undefined;
    const sentBytes = Math.floor(bodyBytes / 2);
    mark(recorded, 'truncated-body', { sentBytes, ofBytes: bodyBytes, ...facts });
    return sentBytes;
  }
}

/** How long to hold an answer: the slow answer's (`takeSlow` its chance), else the one within the time-out; 0 at once. */
export function heldMsOf(aimed: AimedPerturbations, recorded: RecordedRequest, takeSlow: () => boolean): number {
  if (mayHoldSlowly(recorded, aimed.throttle?.throttled) && takeSlow()) return heldSlowly(recorded);
  return aimed.within?.holdMs(recorded) ?? 0;
}

export function aimedOf(plan: readonly PerturbationName[], aims: Partial<Record<PerturbationName, Aim>>): AimedPerturbations {
  const has = (name: PerturbationName) => plan.includes(name);
  const bare = 'status-429-without-retry-after';
  const before = 'status-503-before-create';
  const after = 'status-503-after-create';
  return {
    ...(has('retry-after-429') ? { throttle: new ThrottleAim(aims['retry-after-429']) } : {}),
    ...(has(bare) ? { bareThrottle: new AnyCallAim(bare, BARE_429, {}, aims[bare]) } : {}),
    ...(has('reset') ? { reset: new AnyCallAim('reset', RESET, { before: 'the answer' }, aims.reset) } : {}),
    ...(has(before) ? { before: new ServerErrorAim(before, aims[before]) } : {}),
    ...(has(after) ? { after: new ServerErrorAim(after, aims[after]) } : {}),
    ...(has('slow-within-timeout') ? { within: new WithinTimeoutAim(aims['slow-within-timeout']) } : {}),
    ...(has('truncated-body') ? { truncated: new TruncationAim(aims['truncated-body']) } : {}),
  };
}

export const aimedDone = (aimed: AimedPerturbations): boolean => Object.values(aimed).every((one: { done: boolean }) => one.done);

/** The answer instead of the call's own, where an aimed perturbation takes it before it is made (a reset among them). */
export const refusedBefore = (aimed: AimedPerturbations, recorded: RecordedRequest, operation: OperationName): BentAnswer | undefined =>
  aimed.reset?.answer(recorded, operation) ??
  aimed.throttle?.answer(recorded, operation) ??
  aimed.bareThrottle?.answer(recorded, operation) ??
  aimed.before?.answer(recorded, operation);

/**
 * Which creates of a new resource a 503 answers, before or after it was made: the one aimed (the Nth create, or the Nth
 * made), then the same create each time it is sent again, `times` in all. Before: asked as the create arrives, so that it is
 * never made. After: asked once it was made (`madeStatus` 2xx), so that what it made is answered 503.
 */
export class ServerErrorAim {
  private readonly repeated: RepeatedAim;

  constructor(
    private readonly name: 'status-503-before-create' | 'status-503-after-create',
    aim: Aim = {},
  ) {
    this.repeated = new RepeatedAim(aim);
  }

  get done(): boolean {
    return this.repeated.done;
  }

  /** The 503 for this create, marked on it, where the aim takes it; `madeStatus`, what the target answered it, after it. */
  answer(recorded: RecordedRequest, operation: OperationName, madeStatus?: number): BentAnswer | undefined {
    if (!NEW_RESOURCE_CREATES.includes(operation)) return undefined;
    const after = this.name === 'status-503-after-create';
    if (after && (madeStatus === undefined || madeStatus < 200 || madeStatus >= 300)) return undefined;
    const facts = this.repeated.take(recorded, operation);
    if (!facts) return undefined;
    mark(recorded, this.name, { status: SERVER_ERROR_STATUS, ...(after ? { madeStatus: madeStatus! } : {}), ...facts });
    return {
      status: SERVER_ERROR_STATUS,
      headers: {},
      errors: [
        { status: String(SERVER_ERROR_STATUS), title: 'Service unavailable', detail: 'the service is unavailable; try again later' },
      ],
      busyAfterMs: 0,
    };
  }
}

/**
 * The 429 a plan answers a write with, marked on it: as the emulator's own 429 (emulator/realism/rateLimit.ts), a
 * platform's refusal, never a shape of the judge's. `facts`: which of several in a row it is.
 */
function throttledAnswer(recorded: RecordedRequest, facts: Record<string, number>): BentAnswer {
  mark(recorded, 'retry-after-429', { retryAfterSeconds: RETRY_AFTER_SECONDS, ...facts });
  return {
    status: 429,
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    errors: [tooManyRequests(RETRY_AFTER_SECONDS)],
    busyAfterMs: RETRY_AFTER_SECONDS * 1000,
  };
}

/** Whether the slow answer may hold this request's answer: a create that can show a duplicate, and not the 429's retry. */
export function mayHoldSlowly(recorded: RecordedRequest, throttled: RecordedRequest | undefined): boolean {
  // A create another perturbation answered (a 503 after it was made) is that one's to judge.
  if (recorded.perturbed?.length) return false;
  const operation = operationOf(recorded.method, recorded.target.split('?')[0] ?? '/');
  // A create that replaces its resource cannot show a duplicate: the hold waits for one that can.
  if (!operation || !CREATES.includes(operation) || REPLACING_CREATES.includes(operation)) return false;
  // The 429's retry is the 429's to judge: the slow answer is another create's.
  return !(throttled && sameRequest(throttled, recorded));
}

/** Marks the slow answer on the request whose answer is held, and says how long. */
export function heldSlowly(recorded: RecordedRequest): number {
  mark(recorded, 'slow-answer', { heldMs: SLOW_ANSWER_MS, timeoutMs: OPERATION_TIMEOUT_MS });
  return SLOW_ANSWER_MS;
}

export function mark(recorded: RecordedRequest, name: PerturbationName, facts: Record<string, number | string>): void {
  (recorded.perturbed ??= []).push({ name, facts });
}
