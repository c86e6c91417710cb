import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { requirementCatalogue, type RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { ContentType, DeliveryMode } from '../contract/facts/webhookAttributes.ts';
import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { assertEffectsProbe, EffectsProbeBroken } from '../receiver/effectsProbe.ts';
import { EmbeddedSandbox } from '../receiver/embeddedSandbox.ts';
import type { ReceiverCase } from '../receiver/receiverCase.ts';
import { RECEIVER_CASES } from '../receiver/receiverCases.ts';
import { DEFAULT_SIGNATURE_HEADER, DEFAULT_TIMEOUT_MS, type ReceiverConfig, type ReceiverEffects } from '../receiver/receiverConfig.ts';
import { runReceiverCases } from '../receiver/receiverRun.ts';
import { notListening, type ReceiverJudging } from '../receiver/receiverSubject.ts';
import type { RecorderActivity } from './requestRecorder.ts';

// The webhooks the client created, judged as receivers in the same run (issue 42, item 4): the
// receiver's own cases (receiver/receiverCases.ts) run by the engine with the receiver as a second
// subject (receiver/receiverSubject.ts, through receiver/receiverRun.ts), once for each distinct URL,
// with the webhook's settings as the client's emulator holds them: its token (the create's answer
// shows it), delivery mode, content type and includeResources. Their reports join the client's in
// one results document; the RC requirements keep their ids.
//
// Live: each judging is a segment of the client command's one judged run (cli/conduct.ts), its
// engine's events told to the faces as they happen, between its own run-started (subject
// `receiver`) and run-finished; nothing is held back and told again later. Judgings run one at a
// time, so segments follow one another and never interleave: every event between a run-started
// and its run-finished is that segment's. A judging whose run broke halfway (the suite's own
// failure) leaves its segment unfinished, and the SKIPs said instead are a segment of their own.
//
// When: a receiver in the client's own process is gone once its command exits. So the client is
// given BANKING_API_JUDGE_WEBHOOKS_URL: a GET there judges, at once, each webhook it created whose
// receiver listens, and answers once they are judged; the client keeps its receiver up until then.
// Whatever was not judged so far is judged when the command exits (or, with --wait, when the
// client goes quiet): a receiver that runs as a service of its own still listens and is judged
// then; one that is gone has every RC requirement SKIP, saying so. A receiver that stops
// listening while it is judged has the cases from then on SKIP, never FAIL.
//
// Which: only webhooks with a token (an unsigned delivery has nothing to verify) and a URL on this
// machine (loopback): the cases send forged and unknown deliveries, which a URL the client named
// elsewhere (a staging host, a public example) was never offered to receive. A client that created
// no webhook is told so in one line, and its document judges the CL requirements alone.
//
// Processed: with an effects probe (client --effects), what each receiver processed is read as the
// receiver command reads it, so the processed-once and not-processed requirements are judged; the
// probe is held to its contract once a receiver is found listening, as the receiver command holds
// it before its cases, and a probe that breaks it ends the run in that setup error: nothing more is
// judged, and the rest SKIPping would hide a mistake in the command line behind a verdict. A probe
// that already answers before the client starts is held to it then, so a wrong URL costs no run;
// one nothing listens at yet may be the client's own process's, and waits for its receiver.

/** How the client's receivers are judged beyond their webhooks' settings: the effects probe, and the options as messages name them. */
export interface ReceiverJudgingOptions {
  effects?: ReceiverEffects;
  optionWords?: OptionWords;
}

/** A webhook the client created, as the client's emulator holds it. */
export interface ClientWebhook {
  url: string;
  token: string;
  contentType: ContentType;
  deliveryMode: DeliveryMode;
  includeResources: boolean;
}

/** One distinct URL, judged: its cases' reports (an RC SKIP each where it could not be judged). */
interface JudgedWebhook {
  url: string;
  judged: boolean;
  reports: ItemReport[];
}

/** Every webhook of the client's emulator, in the order they were created (a run makes far fewer than one page). */
export async function readWebhooks(emulatorUrl: string, token: string): Promise<ClientWebhook[]> {
  const answer = await request(`${emulatorUrl}/webhooks?page[limit]=1000`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await answer.body.json()) as { data?: Array<{ attributes?: Partial<ClientWebhook> }> };
  return (body.data ?? []).flatMap(({ attributes }) =>
    attributes?.url
      ? [
          {
            url: attributes.url,
            token: attributes.token ?? '',
            contentType: attributes.contentType ?? 'Json',
            deliveryMode: attributes.deliveryMode ?? 'AtMostOnce',
            includeResources: attributes.includeResources ?? false,
          },
        ]
      : [],
  );
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const onThisMachine = (url: string): boolean => {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
};

/** Said once where the client created no webhook: nothing is delivered, no receiver case is run. */
export const NO_WEBHOOK = 'your client created no webhook: receiver requirements not judged';

/** The variable the client is given, as the reasons name it. */
export const JUDGE_WEBHOOKS_VARIABLE = 'BANKING_API_JUDGE_WEBHOOKS_URL';

/** Why a webhook is not judged before any delivery; undefined when it may be. */
function whyNotJudged(webhook: ClientWebhook): string | undefined {
  if (webhook.token === '')
    return `your client's webhook ${webhook.url} has no token: its deliveries are not signed (2.6, 5.3), so there is nothing for its receiver to verify`;
  if (!onThisMachine(webhook.url))
    return `your client's webhook ${webhook.url} is not on this machine (loopback): forged deliveries go only to a receiver on it; judge that receiver with the receiver command`;
  return undefined;
}

/** The client and receiver requirements as one catalogue: the document of a client run judges both subjects. */
let both: RequirementCatalogue | undefined;
export function clientAndReceiverCatalogue(): RequirementCatalogue {
  if (both) return both;
  const client = requirementCatalogue('client');
  const receiver = requirementCatalogue('receiver');
  const all = [...client.all(), ...receiver.all()];
  both = { all: () => all, has: (id) => client.has(id) || receiver.has(id), get: (id) => (client.has(id) ? client : receiver).get(id) };
  return both;
}

/** The k-th distinct URL's cases (k > 1) carry its number, so every scenario id of the document stays unique. */
const casesFor = (ordinal: number): readonly ReceiverCase[] =>
  ordinal === 1 ? RECEIVER_CASES : RECEIVER_CASES.map((receiverCase) => ({ ...receiverCase, id: `${receiverCase.id}~${ordinal}` }));

export class WebhookJudging {
  private readonly byUrl = new Map<string, Promise<JudgedWebhook>>();
  /** One judging at a time: the receivers may be one process, and each segment's events are told whole, before the next's. */
  private queue: Promise<unknown> = Promise.resolve();
  private server: Server | undefined;
  private read: (() => Promise<ClientWebhook[]>) | undefined;
  /** Counts an asked judging as the client's activity (client --wait): it is not quiet while it waits for the answer. */
  activity: RecorderActivity | undefined;
  /** Set once the effects probe broke its contract: no receiver is judged after it, and the run ends in it. */
  private probeBroken: EffectsProbeBroken | undefined;

  constructor(
    private readonly redactor: SecretRedactor,
    private readonly say: (text: string) => void,
    private readonly options: ReceiverJudgingOptions = {},
    /** The faces, told each judging's events as they happen (a segment of the command's judged run). */
    private readonly listener?: EngineListener,
  ) {}

  /** Before the client starts: a probe that answers already keeps its contract, or this throws (EffectsProbeBroken). */
  async assertProbeIfUp(): Promise<void> {
    const effectsUrl = this.options.effects?.effectsUrl;
    if (!effectsUrl || (await notListening(effectsUrl)) !== undefined) return;
    await assertEffectsProbe(effectsUrl, String(EmbeddedSandbox.idBase()), this.options.optionWords);
  }

  /** Serves the client's GET on loopback; `read` reads the client's webhooks from its emulator. */
  async serve(read: () => Promise<ClientWebhook[]>): Promise<string> {
    this.read = read;
    const server = createServer((incoming, outgoing) => void this.asked(incoming, outgoing));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/judge-webhooks`;
  }

  /**
   * Once the client's part has ended (`when` says how): every webhook not judged yet, whatever answers at its URL.
   * Throws the effects probe's broken contract, where it was found (a setup error: the command ends in it).
   */
  async judgeTheRest(when: string): Promise<void> {
    const webhooks = (await this.read?.()) ?? [];
    if (webhooks.length === 0 && this.byUrl.size === 0) this.say(NO_WEBHOOK);
    for (const webhook of distinct(webhooks)) this.judge(webhook, when);
    await Promise.all(this.byUrl.values());
  }

  /** The cases' reports, webhook after webhook, in the order they were judged. */
  async reports(): Promise<ItemReport[]> {
    return (await Promise.all(this.byUrl.values())).flatMap((judged) => judged.reports);
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** GET: judges now each webhook it may judge (a token, on loopback) not judged yet; answers which, once they are. */
  private async asked(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    incoming.resume();
    if (incoming.method !== 'GET') {
      outgoing.writeHead(405, { allow: 'GET', 'content-type': 'application/json' }).end('{"error":"GET this URL"}');
      return;
    }
    this.activity?.started();
    try {
      const webhooks = distinct((await this.read?.()) ?? []);
      for (const webhook of webhooks) if (!this.byUrl.has(webhook.url) && whyNotJudged(webhook) === undefined) this.judge(webhook);
      const judged = await Promise.all(webhooks.flatMap((webhook) => this.byUrl.get(webhook.url) ?? []));
      const body = { webhooks: judged.map(({ url, judged: wasJudged }) => ({ url, judged: wasJudged })) };
      outgoing.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      outgoing.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: (error as Error).message }));
    } finally {
      this.activity?.ended();
    }
  }

  /** Queues the judging of one webhook's URL, unless it is judged already; `after` says the client's part has ended, and how. */
  private judge(webhook: ClientWebhook, after?: string): void {
    if (this.byUrl.has(webhook.url)) return;
    const ordinal = this.byUrl.size + 1;
    this.redactor.add(webhook.token);
    const unjudged = whyNotJudged(webhook);
    if (unjudged) this.say(`Webhook ${webhook.url}: not judged as a receiver: ${unjudged}`);
    else this.say(`Webhook ${webhook.url}: judged as a receiver (${webhook.deliveryMode}, ${webhook.contentType}), the RC requirements`);
    const gone = (problem: string) =>
      `the client's webhook endpoint ${webhook.url} was not reachable when judged (${problem}${after ? `, ${after}` : ''}): keep its receiver listening until GET $${JUDGE_WEBHOOKS_VARIABLE} answers`;
    this.enqueue(webhook.url, () => this.judgedRun(ordinal, configOf(webhook, this.options.effects), unjudged ? { unjudged } : { gone }));
  }

  private enqueue(url: string, judging: () => Promise<JudgedWebhook>): void {
    const judged = this.queue.then(judging);
    this.queue = judged.catch(() => {});
    this.byUrl.set(url, judged);
  }

  /**
   * One engine run of the receiver cases; one that cannot finish (the suite's own failure) leaves them SKIP, saying why, never a
   * crash. An effects probe that breaks its contract is no such failure: it rejects this judging and every later one.
   */
  private async judgedRun(ordinal: number, config: ReceiverConfig, judging: ReceiverJudging): Promise<JudgedWebhook> {
    if (this.probeBroken) throw this.probeBroken;
    const cases = casesFor(Math.max(ordinal, 1));
    const observers = { say: () => {}, redactor: this.redactor, ...(this.listener ? { listener: this.listener } : {}) };
    const { optionWords } = this.options;
    const settings = { modeFrom: 'as your client created it', ...(optionWords ? { optionWords } : {}) };
    try {
      const run = await runReceiverCases(config, observers, cases, { ...judging, ...settings });
      return { url: config.url, judged: judging.unjudged === undefined, reports: run.reports };
    } catch (error) {
      if (error instanceof EffectsProbeBroken) {
        this.probeBroken = error;
        throw error;
      }
      const unjudged = `your client's webhook ${config.url} could not be judged: ${(error as Error).message}`;
      const run = await runReceiverCases(config, observers, cases, { ...settings, unjudged });
      return { url: config.url, judged: false, reports: run.reports };
    }
  }
}

/** Each URL once, with the settings of the last webhook created for it. */
function distinct(webhooks: readonly ClientWebhook[]): ClientWebhook[] {
  return [...new Map(webhooks.map((webhook) => [webhook.url, webhook])).values()];
}

function configOf(webhook: ClientWebhook, effects: ReceiverEffects = {}): ReceiverConfig {
  return {
    ...effects,
    url: webhook.url,
    tokenEnv: "the webhook's token",
    token: webhook.token,
    contentType: webhook.contentType,
    deliveryMode: webhook.deliveryMode,
    includeResources: webhook.includeResources,
    headerName: DEFAULT_SIGNATURE_HEADER,
    timeoutMs: DEFAULT_TIMEOUT_MS,
  };
}
