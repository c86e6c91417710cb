import { Agent, request } from 'undici';
import { IDLE_CONNECTION_MS } from './apiClient.ts';
import { acceptedCodings, readDecodedBody } from './contentCoding.ts';
import { isThrottled, nextWaitMs } from './throttleRetry.ts';
import { waitOnTarget } from '../records/runMetrics.ts';
import { CONTROL_ROUTES, type ControlRoute } from '../../contract/facts/controlRoutes.ts';
import type { Capability } from '../../contract/catalogue/requirementCatalogue.ts';
import type { TargetInfo } from './targetManifest.ts';

// Emulator-style control endpoints (reserved prefix, default /_emulator): tokens,
// fixtures, the virtual clock, event injection. Only the capabilities the target
// claims may be used; anything else is a harness bug and says so.

export interface ClockState {
  now: string;
  nowMs: number;
  scale: number;
  /** Optional: timers waiting for the clock (the reference emulator's delivery retries). */
  timers?: number;
  /** Optional, in an advance's answer: how many timers the jump made fall due. */
  fired?: number;
}

const agent = new Agent({ keepAliveTimeout: IDLE_CONNECTION_MS, keepAliveMaxTimeout: IDLE_CONNECTION_MS });
/** Control answers are small; a target that is no emulator may send a page or nothing at all. */
const CONTROL_TIMEOUT_MS = 10_000;
const CONTROL_BODY_LIMIT = 1024 * 1024;
const EXCERPT = 120;

/** A control endpoint did not do what was asked: its status and the start of its answer. */
export class ControlError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    answer: unknown,
  ) {
    const text = typeof answer === 'string' ? answer : (JSON.stringify(answer) ?? '');
    const start = text.replace(/\s+/g, ' ').slice(0, EXCERPT);
    super(`control ${method} ${path} answered ${status}${start ? `: ${start}${text.length > EXCERPT ? '…' : ''}` : ' with no body'}`);
  }
}

/** One control answer, with what a throttled one says about when to ask again. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ControlAnswer = { status: number; body: any; retryAfter?: string; date?: string };

export class ControlClient {
  constructor(private readonly target: TargetInfo) {}

  has(capability: Capability): boolean {
    return this.target.capabilities.has(capability);
  }

  /**
   * A control call, throttling waited out like the API's (harness/targetIO/throttleRetry.ts):
   * a target that rate-limits its control endpoints refused the call without acting on it,
   * and a clock step refused is a step not made, never one to count.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    let waited = 0;
    for (let attempt = 0; ; attempt += 1) {
      const answer = await this.requestOnce(method, path, body);
      if (!isThrottled(method, answer.status)) return answer;
      const wait = nextWaitMs(attempt, answer.retryAfter, waited, answer.date);
      if (wait === undefined) return answer;
      await waitOnTarget(wait);
      waited += wait;
    }
  }

  private async requestOnce(method: string, path: string, body?: unknown): Promise<ControlAnswer> {
    const url = `${this.target.baseUrl}${this.target.controlPrefix}${path}`;
    const answer = await request(url, {
      method: method as 'GET',
      dispatcher: agent,
      headers: { ...acceptedCodings(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      headersTimeout: CONTROL_TIMEOUT_MS,
      bodyTimeout: CONTROL_TIMEOUT_MS,
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    });
    const decoded = await readDecodedBody(answer, CONTROL_BODY_LIMIT);
    const text = decoded.body.toString('utf8');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // A body that did not decode is shown as the reason it did not, not as its bytes.
      parsed = decoded.problem ?? text;
    }
    const header = (name: string): string | undefined => {
      const value = answer.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return { status: answer.statusCode, body: parsed, retryAfter: header('retry-after'), date: header('date') };
  }

  clock(): Promise<ClockState> {
    return this.expectOk(CONTROL_ROUTES.readClock);
  }

  advanceClock(ms: number): Promise<ClockState> {
    return this.expectOk(CONTROL_ROUTES.advanceClock, { ms });
  }

  setClockScale(scale: number): Promise<ClockState> {
    return this.expectOk(CONTROL_ROUTES.scaleClock, { scale });
  }

  async mintToken(scopes: readonly string[]): Promise<string> {
    const answer = await this.expectOk<{ token: string }>(CONTROL_ROUTES.mintToken, { scopes });
    return answer.token;
  }

  createDepositProduct(options: { positivePayOptIn?: string[] } = {}): Promise<{ id: string }> {
    return this.expectOk(CONTROL_ROUTES.createDepositProduct, options);
  }

  createAccount(
    options: { depositProductId?: string; positivePayOptIn?: string[] } = {},
  ): Promise<{ id: string; depositProductId: string; customerId: string }> {
    return this.expectOk(CONTROL_ROUTES.createAccount, options);
  }

  /** Disabled webhooks such as other clients leave on a shared sandbox, so a list can exceed its maximum page. */
  addDisabledWebhooks(count: number): Promise<{ total: number }> {
    return this.expectOk(CONTROL_ROUTES.addOtherWebhooks, { count });
  }

  /** Sends a listed control route (contract/facts/controlRoutes.ts). */
  send(route: ControlRoute, body?: unknown): Promise<{ status: number; body: unknown }> {
    return this.request(route.method, route.path, body);
  }

  private async expectOk<T>({ capability, method, path }: ControlRoute, body?: unknown): Promise<T> {
    if (!this.has(capability)) throw new Error(`the target does not claim ${capability}; ${method} ${path} is not available`);
    const answer = await this.request(method, path, body);
    if (answer.status < 200 || answer.status >= 300) {
      throw new ControlError(method, `${this.target.controlPrefix}${path}`, answer.status, answer.body);
    }
    return answer.body as T;
  }
}
