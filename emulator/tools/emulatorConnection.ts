import { request } from 'undici';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import type { DeliveryAttempt } from '../delivery/deliveryLog.ts';

// How `trigger` and `deliveries` talk to an emulator that is already running: its
// control routes, plain JSON, no token. A failure is a ToolError whose message
// says what to do about it; the command exits 2 with it.

/** Where the standalone emulator listens unless told otherwise, and so where `trigger` and `deliveries` look first. */
export const DEFAULT_EMULATOR_PORT = 8080;
export const DEFAULT_EMULATOR_URL = `http://127.0.0.1:${DEFAULT_EMULATOR_PORT}`;
export const EMULATOR_URL_VARIABLE = 'BANKING_API_EMULATOR_URL';

const ANSWER_TIMEOUT_MS = 10_000;

export class ToolError extends Error {}

export interface DeliveriesAnswer {
  deliveries: DeliveryAttempt[];
  recipients: Record<string, string[]>;
}

export class EmulatorConnection {
  readonly url: string;

  constructor(url: string) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ToolError(`--url must be the emulator's base URL, such as ${DEFAULT_EMULATOR_URL}; got '${url}'`);
    }
    this.url = parsed.href.replace(/\/$/, '');
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const target = `${this.url}${CONTROL_PREFIX}${path}`;
    let status: number;
    let text: string;
    try {
      const response = await request(target, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: ANSWER_TIMEOUT_MS,
        bodyTimeout: ANSWER_TIMEOUT_MS,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new ToolError(
        `no emulator answers at ${this.url} (${(error as Error).message}); start one with \`${this.startCommand()}\` or give --url (or ${EMULATOR_URL_VARIABLE})`,
      );
    }
    if (status === 404 && path === CONTROL_ROUTES.health.path)
      throw new ToolError(
        `${this.url} does not serve the emulator's control routes (${method} ${CONTROL_PREFIX}${path} answered 404): is it an emulator started with --no-control-endpoints?`,
      );
    if (status < 200 || status >= 300) throw new ToolError(`${method} ${CONTROL_PREFIX}${path} answered ${status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  }

  /** The command that starts an emulator where this connection looks for one. */
  private startCommand(): string {
    const { port } = new URL(this.url);
    return port === String(DEFAULT_EMULATOR_PORT) ? 'banking-api-emulator' : `banking-api-emulator --port ${port || 80}`;
  }

  /** Fails early, with the reason, when nothing (or no emulator with control routes) listens at the URL. */
  async checkReachable(): Promise<void> {
    await this.call('GET', CONTROL_ROUTES.health.path);
  }

  deliveries(query: Record<string, string | number | undefined>): Promise<DeliveriesAnswer> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const suffix = search.size > 0 ? `?${search}` : '';
    return this.call('GET', `${CONTROL_ROUTES.readDeliveries.path}${suffix}`);
  }
}
