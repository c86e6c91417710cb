import { connect } from 'node:net';
import type { ItemReport } from '../harness/engine/engineEvents.ts';
import type { EngineSubject, ItemRun, PlannedItem } from '../harness/engine/subject.ts';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import { type CheckRecord, isFailing } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { fixedLimit } from '../harness/targetIO/adaptiveConcurrency.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { AnswerJudge } from './answerJudge.ts';
import { CraftedDeliveries } from './craftedDeliveries.ts';
import type { AnsweredDelivery } from './deliveryExchange.ts';
import { assertEffectsProbe, EffectsLedger, noEffectsProbe } from './effectsProbe.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import { EmbeddedSandbox } from './embeddedSandbox.ts';
import { type CaseContext, RECEIVER_GROUP, type ReceiverCase, receiverCatalogue } from './receiverCase.ts';
import { DEFAULT_EFFECTS_PATIENCE_MS, type ReceiverConfig } from './receiverConfig.ts';
import { RecordingProxy } from './recordingProxy.ts';
import { SandboxDeliveries } from './sandboxDeliveries.ts';

// The integrator's webhook receiver as the engine's subject (harness/engine/subject.ts). Set-up:
// something listens at --url, the effects probe keeps its contract, then the recording proxy and
// the embedded sandbox start; tear-down closes them. Each case is judged against the receiver
// catalogue; the effects probe is read once every case has run, until its counts settle, into each
// case's recorder, so no case's report is final before then (settle).
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

/** Whether something listens at `url`: undefined when it does, else why not (a connection refused, no connection in time). */
export async function notListening(url: string, timeoutMs = CONNECT_TIMEOUT_MS): Promise<string | undefined> {
  const { hostname, port, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return new Promise<string | undefined>((resolve) => {
    const socket = connect({ host, port: Number(port || (protocol === 'https:' ? 443 : 80)), timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(`no connection within ${timeoutMs} ms`);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** Something must listen at the receiver's address; what it answers is then judged, never a setup error. */
async function assertListening(url: string, words: OptionWords | undefined): Promise<void> {
  const problem = await notListening(url);
  if (problem) throw new SetupError(`cannot reach the receiver at ${url} (${problem}): start it, or fix ${words?.url ?? 'its URL'}`);
}

function whyNotApplicable(receiverCase: ReceiverCase, config: ReceiverConfig, modeFrom: string | undefined): string | undefined {
  if (!receiverCase.modes || receiverCase.modes.includes(config.deliveryMode)) return undefined;
  return `applies to ${receiverCase.modes.join(', ')} webhooks; the receiver's webhook is ${config.deliveryMode}${modeFrom ? ` (${modeFrom})` : ''}`;
}

/**
 * How a receiver is judged when no one named it on the command line: the webhook an API client created
 * (client/clientWebhooks.ts). The receiver command, whose receiver must listen (a setup error), gives only
 * its optionWords.
 */
export interface ReceiverJudging {
  /** Every case SKIPs with this reason, and nothing is delivered (the webhook could not be judged). */
  unjudged?: string;
  /**
   * The receiver may stop listening while it is judged (its process is the client's): set-up finding nothing
   * listening, or a case after which nothing listens, SKIPs with this reason, and so does every later case:
   * deliveries nobody listened for say nothing of the receiver. A case flagged just before it went away (by the
   * next look) SKIPs too: what a receiver drops as it goes away says nothing of it either.
   */
  gone?: (problem: string) => string;
  /** What the webhook's delivery mode came from, in a SKIP's reason (default: the option that sets it, in optionWords). */
  modeFrom?: string;
  /** Why the processing requirements SKIP without an effects probe (default: naming the option that gives one). */
  noEffectsProbe?: string;
  /** The receiver command's options, as its messages name them (cli/commandLineText.ts); all the receiver command gives. */
  optionWords?: OptionWords;
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

/** A case's records as the run reports them: a case judged as its receiver went away has them replaced by SKIPs. */
interface CaseVerdict {
  recorder: CheckRecorder;
}

/** A case judged in a run whose receiver may go away (ReceiverJudging.gone), its records not yet told. */
interface PendingCase {
  receiverCase: ReceiverCase;
  run: ItemRun;
  verdict: CaseVerdict;
}

/** Whether a case's records hold a failure or a SHOULD not met: what a dropped delivery can make of a case. */
const isFlagged = (records: readonly CheckRecord[]): boolean =>
  records.some((record) => isFailing(record.outcome) || record.outcome === 'WARN');

/** What a receiver's run learns beyond its cases' records, handed back by the engine (its `learned`). */
export interface ReceiverLearned {
  /** The base of the run's event ids. */
  idBase: number;
  /** Every correct delivery's answer, across cases: the run's diagnosis reads them (receiver/receiverRun.ts). */
  correctAnswers: readonly AnsweredDelivery[];
}

export class ReceiverSubject implements EngineSubject<ReceiverCase, CaseResult, ReceiverLearned> {
  readonly subject = 'receiver';
  private readonly idBase = EmbeddedSandbox.idBase();
  private readonly correctAnswers: AnsweredDelivery[] = [];
  private proxy: RecordingProxy | undefined;
  private sandbox: EmbeddedSandbox | undefined;
  private setting: CaseSetting | undefined;

  /** Set when every case (still to run) SKIPs: the webhook could not be judged, or its receiver stopped listening. */
  private unjudged: string | undefined;

  /**
   * A case flagged while its receiver still listened, in a run whose receiver may go away: its verdict waits for the
   * next look (after the next case, or at settle). A receiver going away drops what it was answering a moment before
   * its port closes, so the judge can see the drop while the port still accepts; gone at the next look, the case SKIPs.
   */
  private held: PendingCase | undefined;

  constructor(
    private readonly config: ReceiverConfig,
    private readonly say: (text: string) => void,
    private readonly redactor: SecretRedactor,
    private readonly judging: ReceiverJudging = {},
  ) {
    this.unjudged = judging.unjudged;
  }

  async open(): Promise<void> {
    const { config, redactor, judging } = this;
    if (this.unjudged) return;
    if (judging.gone) {
      const problem = await notListening(config.url);
      if (problem) {
        this.unjudged = judging.gone(problem);
        return;
      }
    } else await assertListening(config.url, judging.optionWords);
    if (config.effectsUrl) await assertEffectsProbe(config.effectsUrl, String(this.idBase), judging.optionWords);
    // The proxy waits well past the sandbox's time-out, to see how late a slow receiver answers.
    const waitMs = config.timeoutMs + Math.max(config.timeoutMs, LATE_ANSWER_MS);
    this.proxy = await RecordingProxy.start({ receiverUrl: config.url, headerName: config.headerName, waitMs, redactor });
    this.sandbox = await EmbeddedSandbox.start(config, this.proxy, this.idBase);
    this.setting = {
      config,
      sandbox: new SandboxDeliveries(this.sandbox, this.proxy, waitMs + ARRIVAL_MARGIN_MS),
      crafted: new CraftedDeliveries(config, this.sandbox, redactor, waitMs),
      effects: new EffectsLedger(config.effectsUrl, judging.noEffectsProbe ?? noEffectsProbe(judging.optionWords), {
        ms: config.effectsPatienceMs ?? DEFAULT_EFFECTS_PATIENCE_MS,
        ...(judging.optionWords ? { option: judging.optionWords.effectsPatience } : {}),
      }),
    };
  }

  /** What the webhook's delivery mode came from, as a SKIP of the other mode says it. */
  private get modeFrom(): string | undefined {
    return this.judging.modeFrom ?? this.judging.optionWords?.deliveryMode;
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
    const { id, requirements } = receiverCase;
    this.say(`  ${id}`);
    const check = new CheckRecorder(receiverCatalogue(), id, new Set(requirements), this.redactor);
    const verdict: CaseVerdict = { recorder: check };
    const startedMs = Date.now();
    const reason = this.unjudged ?? whyNotApplicable(receiverCase, this.config, this.modeFrom);
    if (reason) {
      check.onRecorded = run.recorded;
      check.skipAll(requirements, reason);
    } else if (this.judging.gone) {
      // Told once its verdict stands: a failure may yet turn out to be a receiver that went away.
      await this.judgedWhileListening({ receiverCase, run, verdict });
    } else {
      check.onRecorded = run.recorded;
      await this.judged(receiverCase, check, run);
    }
    const durationMs = Date.now() - startedMs;
    return {
      receiverCase,
      get records() {
        return verdict.recorder.records();
      },
      startedMs,
      durationMs,
    };
  }

  /**
   * The case judged; where nothing listens once it is over, its requirements SKIP instead, as every later case's
   * do, and so do those of a case held just before it. A flagged case whose receiver still listens is held.
   */
  private async judgedWhileListening(pending: PendingCase): Promise<void> {
    await this.judged(pending.receiverCase, pending.verdict.recorder, pending.run);
    // When it went away during the case cannot be told: a refused connection may have passed for a refused forgery.
    const gone = await this.goneNow();
    const held = this.held;
    this.held = undefined;
    if (held) this.tell(held, gone);
    if (!gone && isFlagged(pending.verdict.recorder.records())) this.held = pending;
    else this.tell(pending, gone);
  }

  /** Whether the receiver has gone away; once it has, every case from then on SKIPs with the reason. */
  private async goneNow(): Promise<boolean> {
    const problem = await notListening(this.config.url);
    if (problem) this.unjudged = this.judging.gone!(problem);
    return problem !== undefined;
  }

  /** Tells a case's records, once its verdict stands: SKIPs where its receiver had gone. */
  private tell({ receiverCase, run, verdict }: PendingCase, gone: boolean): void {
    if (gone) {
      const { id, requirements } = receiverCase;
      verdict.recorder = new CheckRecorder(receiverCatalogue(), id, new Set(requirements), this.redactor);
      verdict.recorder.skipAll(requirements, this.unjudged!);
    }
    for (const record of verdict.recorder.records()) run.recorded?.(record);
  }

  private async judged(receiverCase: ReceiverCase, check: CheckRecorder, run: ItemRun): Promise<void> {
    const setting = this.setting!;
    const { id, requirements } = receiverCase;
    try {
      const judge = new AnswerJudge(check, this.config, this.correctAnswers, this.modeFrom);
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

  async settle(): Promise<void> {
    const held = this.held;
    this.held = undefined;
    if (held) this.tell(held, await this.goneNow());
    if (this.config.effectsUrl) this.say('  reading the effects probe');
    // A receiver that may go away (its process the client's) may take a probe it serves with it: its unanswered counts SKIP then.
    const goneAway = this.judging.gone
      ? async () => (this.unjudged !== undefined || (await this.goneNow()) ? this.unjudged : undefined)
      : undefined;
    await this.setting?.effects.judge(goneAway);
  }

  learned = (): ReceiverLearned => ({ idBase: this.idBase, correctAnswers: [...this.correctAnswers] });

  report({ receiverCase, records, startedMs, durationMs }: CaseResult): ItemReport {
    const { id, title, requirements } = receiverCase;
    return { subject: 'receiver', group: RECEIVER_GROUP, itemId: id, title, requirements, records, startedMs, durationMs };
  }

  suiteErrors = () => [];
}
