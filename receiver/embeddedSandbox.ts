import { randomBytes, randomInt } from 'node:crypto';
import { request } from 'undici';
import { startEmulator, type Emulator } from '../emulator/emulator.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES, type ControlRoute } from '../contract/facts/controlRoutes.ts';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { acceptedCodings, readDecodedBody } from '../harness/targetIO/contentCoding.ts';
import { RESPONSE_BODY_LIMIT } from '../harness/targetIO/responseBodyReader.ts';
import type { ReceiverConfig } from './receiverConfig.ts';
import type { RecordingProxy } from './recordingProxy.ts';

// The reference emulator, started in-process as the sandbox that delivers to the
// receiver: webhooks created through the documented API (4.3) with the
// receiver's token, content type, delivery mode and includeResources, events
// injected through its control endpoint, resent through the documented resend
// (4.4). So batching, retries, time-outs and signing are exactly the sandbox's.

export interface SandboxWebhook {
  readonly id: string;
  /** The proxy path its deliveries arrive on. */
  readonly key: string;
}

const CALL_TIMEOUT_MS = 10_000;

export class EmbeddedSandbox {
  private webhooks = 0;

  private constructor(
    private readonly emulator: Emulator,
    private readonly token: string,
    private readonly config: ReceiverConfig,
    private readonly proxy: RecordingProxy,
  ) {}

  /**
   * Event ids start from a base unique to this run, so a receiver that keeps what
   * it processed across runs never mistakes this run's events for earlier ones.
   */
  static async start(config: ReceiverConfig, proxy: RecordingProxy, idBase: number): Promise<EmbeddedSandbox> {
    const token = randomBytes(24).toString('hex');
    const emulator = await startEmulator({ tokens: [{ value: token }] });
    emulator.state.ids.claim('event', String(idBase));
    const sandbox = new EmbeddedSandbox(emulator, token, config, proxy);
    await sandbox.control(CONTROL_ROUTES.changeDelivery, { timeoutMs: config.timeoutMs });
    return sandbox;
  }

  /** A run-unique base for event ids: the clock in microseconds, plus noise. */
  static idBase(): number {
    return Date.now() * 1000 + randomInt(1000);
  }

  /** A new Enabled webhook pointing at the receiver through its own proxy path. */
  async openWebhook(label: string): Promise<SandboxWebhook> {
    this.webhooks += 1;
    const key = `${this.webhooks}-${label}`;
    const attributes = {
      label: `receiver conformance: ${label}`,
      url: this.proxy.urlFor(key),
      token: this.config.token,
      contentType: this.config.contentType,
      deliveryMode: this.config.deliveryMode,
      includeResources: this.config.includeResources,
    };
    const answer = await this.call('POST', '/webhooks', { data: { type: 'webhook', attributes } });
    return { id: String((answer as { data: { id: string } }).data.id), key };
  }

  /** Stops its deliveries, retries included (a Disabled webhook receives nothing, 3.2). */
  async closeWebhook(webhook: SandboxWebhook): Promise<void> {
    await this.call('POST', `/webhooks/${webhook.id}/disable`);
  }

  /** Publishes `count` events of `type` at once (one batch under AtLeastOnce); their ids in order. */
  async inject(type: string, count = 1): Promise<string[]> {
    const answer = (await this.control(CONTROL_ROUTES.injectEvents, { type, count })) as { events: Array<{ id: string }> };
    return answer.events.map((event) => event.id);
  }

  /** 4.4: the same event queued again for every Enabled webhook. */
  async resend(eventId: string): Promise<void> {
    await this.call('POST', `/events/${eventId}`, {});
  }

  /** The events as the sandbox renders them (4.4), for the crafted deliveries. */
  async event(eventId: string): Promise<Record<string, unknown>> {
    return ((await this.call('GET', `/events/${eventId}`)) as { data: Record<string, unknown> }).data;
  }

  close(): Promise<void> {
    return this.emulator.close();
  }

  /** A control route of the emulator: no token, plain JSON. */
  private control(route: ControlRoute, body?: unknown): Promise<unknown> {
    return this.call(route.method, `${CONTROL_PREFIX}${route.path}`, body, true);
  }

  private async call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, control = false): Promise<unknown> {
    const answer = await request(`${this.emulator.url()}${path}`, {
      method,
      headers: {
        ...acceptedCodings(),
        ...(control ? {} : { authorization: `Bearer ${this.token}` }),
        ...(body === undefined ? {} : { 'content-type': control ? 'application/json' : JSON_API }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const decoded = await readDecodedBody(answer, RESPONSE_BODY_LIMIT);
    const text = decoded.problem ?? decoded.body.toString('utf8');
    // The embedded emulator is ours: an error here is a bug of the suite, not of the receiver.
    if (answer.statusCode >= 300)
      throw new Error(`embedded sandbox: ${method} ${path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  }
}
