import { DELIVERY_MEDIA_TYPES as MEDIA_TYPES } from '../contract/facts/mediaTypes.ts';
import { expectedSignature } from '../harness/targetIO/webhookSinkSignature.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { type AnsweredDelivery, postDelivery } from './deliveryExchange.ts';
import type { EmbeddedSandbox } from './embeddedSandbox.ts';
import type { ReceiverConfig } from './receiverConfig.ts';

// Deliveries the harness makes and sends to the receiver itself: what no sandbox
// sends on purpose (a forged signature, a body changed after signing, the same
// event twice in one batch, a layout JSON.stringify never writes). Their events
// are real sandbox events, published while no webhook listens, so the receiver
// has never seen their ids.

export type Event = Record<string, unknown>;

export class CraftedDeliveries {
  constructor(
    private readonly config: ReceiverConfig,
    private readonly sandbox: EmbeddedSandbox,
    private readonly redactor: SecretRedactor,
    private readonly waitMs: number,
  ) {}

  /** `count` events of `type` the receiver has never been sent, as the sandbox renders them. */
  async freshEvents(count: number, type = 'customer.created'): Promise<Event[]> {
    const ids = await this.sandbox.inject(type, count);
    return Promise.all(ids.map((id) => this.sandbox.event(id)));
  }

  /** The sandbox's envelope (emulator/delivery/README.md): {"data": [event, ...]}. */
  envelope(events: readonly Event[]): { data: Event[] } {
    return { data: [...events] };
  }

  /** base64(HMAC-SHA1(token, body)), 5.3; the webhook's token unless another is given. */
  sign(body: Buffer | string, token = this.config.token): string {
    return expectedSignature(token, body);
  }

  /** POSTs `body` in the webhook's content type with `signature` in the configured header (none when undefined). */
  send(body: Buffer | string, signature: string | undefined): Promise<AnsweredDelivery> {
    const headers: Record<string, string> = { 'content-type': MEDIA_TYPES[this.config.contentType] };
    if (signature !== undefined) headers[this.config.headerName.toLowerCase()] = signature;
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
    return postDelivery(this.config.url, bytes, headers, { waitMs: this.waitMs, redactor: this.redactor });
  }

  /** A correctly signed delivery of `body`. */
  sendSigned(body: string): Promise<AnsweredDelivery> {
    return this.send(body, this.sign(body));
  }
}
