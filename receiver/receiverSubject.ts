import { connect } from 'node:net';
import type { ScenarioReport } from '../harness/engine/engineEvents.ts';
import type { EngineSubject, ItemRun, PlannedItem } from '../harness/engine/subject.ts';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { fixedLimit } from '../harness/targetIO/adaptiveConcurrency.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { AnswerJudge } from './answerJudge.ts';
import { CraftedDeliveries } from './craftedDeliveries.ts';
import type { AnsweredDelivery } from './deliveryExchange.ts';
import { assertEffectsProbe, EffectsLedger } from './effectsProbe.ts';
import { EmbeddedSandbox } from './embeddedSandbox.ts';
import { type CaseContext, RECEIVER_GROUP, type ReceiverCase, receiverCatalogue } from './receiverCase.ts';
import type { ReceiverConfig } from './receiverConfig.ts';
import { RecordingProxy } from './recordingProxy.ts';
import { SandboxDeliveries } from './sandboxDeliveries.ts';

// The integrator's webhook receiver as the engine's subject (harness/engine/subject.ts). Set-up:
// something listens at --url, the effects probe keeps its contract, then the recording proxy and
// the embedded sandbox start; tear-down closes them. Each case is judged against the receiver
// catalogue; the effects probe is read once every case has run, into each case's recorder, so no
// case's report is final before then (settle).
//
// The cases run one at a time. What they share forbids more:
// - one sandbox: an event injected for one case goes to every Enabled webhook, so a case that
//   delivers through the sandbox would be sent another case's events (its batch of 16 no longer
//   16), and a forged case's fresh event would reach the receiver validly signed and be processed;
// - one receiver's memory: the duplicate cases judge whether it still knows an event after a
//   known number of others (receiver/cases/lateRedelivery.ts); other cases' events in between
//   change what a bounded memory holds, so the verdict would depend on the schedule;
// - one receiver's time: most cases hold its answer to the delivery time-out
//   (RC-ANSWER-WITHIN-TIMEOUT), and deliveries of other cases beside it load the same receiver;
// - one effects probe and one delivery mode would allow more (event ids are each case's own), but
//   only the forged cases share nothing else, and they are a few short exchanges.

const CONNECT_TIMEOUT_MS = 5000;
/** Beyond the proxy's own wait, what a sandbox delivery may take to be made and sent. */
const ARRIVAL_MARGIN_MS = 5000;
/** At least this long past the time-out, an answer is still waited for (and judged late). */
const LATE_ANSWER_MS = 5000;

/** Something must listen at the receiver's address; what it answers is then judged, never a setup error. */
async function assertListening(url: string): Promise<void> {
  const { hostname, port, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  await new Promise<void>((resolve, reject) => {
    const socket = connect({ host, port: Number(port || (protocol === 'https:' ? 443 : 80)), timeout: CONNECT_TIMEOUT_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new SetupError(`cannot reach the receiver at ${url} (no connection within ${CONNECT_TIMEOUT_MS} ms): start it, or fix --url`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(new SetupError(`cannot reach the receiver at ${url} (${error.code ?? error.message}): start it, or fix --url`)),
    );
  });
}

function whyNotApplicable(receiverCase: ReceiverCase, config: ReceiverConfig): string | undefined {
  if (!receiverCase.modes || receiverCase.modes.includes(config.deliveryMode)) return undefined;
  return `applies to ${receiverCase.modes.join(', ')} webhooks; the receiver's webhook is ${config.deliveryMode} (--delivery-mode)`;
}

/** One case's result: its records are read from its recorder, which the effects probe writes into at the end. */
export interface CaseResult {
  readonly receiverCase: ReceiverCase;
  readonly records: CheckRecord[];
  dependsOnSchedule?: boolean;
  readonly startedMs: number;
  readonly durationMs: number;
}

type CaseSetting = Omit<CaseContext, 'check' | 'judge'>;

export class ReceiverSubject implements EngineSubject<ReceiverCase, CaseResult> {
  readonly subject = 'receiver';
  /** The base of the run's event ids (recorded as the document's seed). */
  readonly idBase = EmbeddedSandbox.idBase();
  /** Every correct delivery's answer, across cases: the run's diagnosis reads them (receiver/receiverRun.ts). */
  readonly correctAnswers: AnsweredDelivery[] = [];
  private proxy: RecordingProxy | undefined;
  private sandbox: EmbeddedSandbox | undefined;
  private setting: CaseSetting | undefined;

  constructor(
    private readonly config: ReceiverConfig,
    private readonly say: (text: string) => void,
    private readonly redactor: SecretRedactor,
  ) {}

  async open(): Promise<void> {
    const { config, redactor } = this;
    await assertListening(config.url);
    if (config.effectsUrl) await assertEffectsProbe(config.effectsUrl, String(this.idBase));
    // The proxy waits well past the sandbox's time-out, to see how late a slow receiver answers.
    const waitMs = config.timeoutMs + Math.max(config.timeoutMs, LATE_ANSWER_MS);
    this.proxy = await RecordingProxy.start({ receiverUrl: config.url, headerName: config.headerName, waitMs, redactor });
    this.sandbox = await EmbeddedSandbox.start(config, this.proxy, this.idBase);
    this.setting = {
      config,
      sandbox: new SandboxDeliveries(this.sandbox, this.proxy, waitMs + ARRIVAL_MARGIN_MS),
      crafted: new CraftedDeliveries(config, this.sandbox, redactor, waitMs),
      effects: new EffectsLedger(config.effectsUrl),
    };
  }

  async close(): Promise<void> {
    await this.sandbox?.close();
    await this.proxy?.close();
  }

  plan(receiverCase: ReceiverCase): PlannedItem<ReceiverCase> {
    return { id: receiverCase.id, item: receiverCase, group: RECEIVER_GROUP, footprint: { reads: new Set(), moves: new Set() } };
  }

  limit = () => fixedLimit(1);
  webhookBudget = () => Number.POSITIVE_INFINITY;
  beside = () => false;
  pastDeadline = () => false;

  async run({ item: receiverCase }: PlannedItem<ReceiverCase>, run: ItemRun): Promise<CaseResult> {
    const setting = this.setting!;
    const { id, requirements } = receiverCase;
    this.say(`  ${id}`);
    const check = new CheckRecorder(receiverCatalogue(), id, new Set(requirements), this.redactor);
    check.onRecorded = run.recorded;
    const startedMs = Date.now();
    const reason = whyNotApplicable(receiverCase, this.config);
    if (reason) check.skipAll(requirements, reason);
    else {
      try {
        const judge = new AnswerJudge(check, this.config, this.correctAnswers);
        await check.runDeclared(
          requirements,
          () => receiverCase.run({ ...setting, check, judge }),
          (error) => `case ${id} could not finish: ${error.message}`,
        );
      } finally {
        run.bodyEnded(check.records());
        await setting.sandbox.closeAll();
      }
    }
    const durationMs = Date.now() - startedMs;
    return {
      receiverCase,
      get records() {
        return check.records();
      },
      startedMs,
      durationMs,
    };
  }

  async settle(): Promise<void> {
    if (this.config.effectsUrl) this.say('  reading the effects probe');
    await this.setting?.effects.judge();
  }

  report({ receiverCase, records, startedMs, durationMs }: CaseResult): ScenarioReport {
    const { id, title, requirements } = receiverCase;
    return { subject: 'receiver', group: RECEIVER_GROUP, scenarioId: id, title, requirements, records, startedMs, durationMs };
  }

  suiteErrors = () => [];
}
