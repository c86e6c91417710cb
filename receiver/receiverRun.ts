import { connect } from 'node:net';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import type { ScenarioReport } from '../harness/engine/engineEvents.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/target/targetManifest.ts';
import type { DescribedTarget, ResultsDocument } from '../run/resultsDocument.ts';
import { judgedDocument } from '../run/runJudgement.ts';
import { AnswerJudge } from './answerJudge.ts';
import { CraftedDeliveries } from './craftedDeliveries.ts';
import { type AnsweredDelivery, isAccepted } from './deliveryExchange.ts';
import { assertEffectsProbe, EffectsLedger } from './effectsProbe.ts';
import { EmbeddedSandbox } from './embeddedSandbox.ts';
import { type CaseContext, RECEIVER_GROUP, type ReceiverCase, receiverCatalogue } from './receiverCase.ts';
import { RECEIVER_CASES } from './receiverCases.ts';
import { type ReceiverConfig, replayArguments } from './receiverConfig.ts';
import { RecordingProxy } from './recordingProxy.ts';
import { SandboxDeliveries } from './sandboxDeliveries.ts';

// The receiver command's run, one way through: check the receiver (and its
// effects probe) answer at all → start the recording proxy and the embedded
// sandbox → run each case against the receiver, one at a time → read the effects
// → a ScenarioReport per case, which every face consumes as it does a run's, and
// the RC requirements judged into a results document by the run's own assembly.

export interface ReceiverRunObservers {
  say(text: string): void;
  /** Learns the receiver's token; every report passes through it. */
  redactor: SecretRedactor;
}

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

async function runCase(
  receiverCase: ReceiverCase,
  context: Omit<CaseContext, 'check' | 'judge'>,
  redactor: SecretRedactor,
  correctAnswers: AnsweredDelivery[],
): Promise<() => ScenarioReport> {
  const { id, title, requirements } = receiverCase;
  const check = new CheckRecorder(receiverCatalogue(), id, new Set(requirements), redactor);
  const startedMs = Date.now();
  const reason = whyNotApplicable(receiverCase, context.config);
  if (reason) check.skipAll(requirements, reason);
  else {
    try {
      await check.runDeclared(
        requirements,
        () => receiverCase.run({ ...context, check, judge: new AnswerJudge(check, context.config, correctAnswers) }),
        (error) => `case ${id} could not finish: ${error.message}`,
      );
    } finally {
      await context.sandbox.closeAll();
    }
  }
  const durationMs = Date.now() - startedMs;
  // The effects probe is read once every case has run, into each case's recorder: its report is taken after that.
  return () => ({
    subject: 'receiver',
    group: RECEIVER_GROUP,
    scenarioId: id,
    title,
    requirements,
    records: check.records(),
    startedMs,
    durationMs,
  });
}

export interface ReceiverRun {
  /** One per case, in the order they ran. */
  reports: ScenarioReport[];
  /** The base of the run's event ids (recorded as the document's seed). */
  idBase: number;
  /** Set when the receiver refused every correctly signed delivery with one status: the likely cause, said once. */
  refusal?: DeliveryRefusal;
}

/** Every correct delivery refused alike: one cause behind what would otherwise be hundreds of failures. */
export interface DeliveryRefusal {
  status: number;
  /** The one line a person reads first. */
  line: string;
  /** One of the refused deliveries. */
  example: ExchangeExcerpt;
}

/** What a receiver refusing everything with this status most likely has wrong. */
const LIKELY_CAUSE: Record<number, string> = {
  401: 'is --token-env the token the webhook was created with?',
  403: 'is --token-env the token the webhook was created with?',
  404: 'is --url the address the receiver takes deliveries at?',
  405: 'is --url the address the receiver takes deliveries at?',
};

/** Two or more correct deliveries, every one answered the same refusing status. */
export function deliveryRefusal(correctAnswers: readonly AnsweredDelivery[]): DeliveryRefusal | undefined {
  const first = correctAnswers[0];
  const status = first?.status;
  if (!first || status === undefined || correctAnswers.length < 2 || isAccepted(first)) return undefined;
  if (!correctAnswers.every((answer) => answer.status === status)) return undefined;
  const cause = LIKELY_CAUSE[status] ?? `${correctAnswers.length} deliveries, whatever they carried`;
  return { status, line: `every validly signed delivery was answered ${status}: ${cause}`, example: first.exchange };
}

export async function runReceiverCases(
  config: ReceiverConfig,
  observers: ReceiverRunObservers,
  cases: readonly ReceiverCase[] = RECEIVER_CASES,
): Promise<ReceiverRun> {
  const { redactor } = observers;
  redactor.add(config.token);
  await assertListening(config.url);
  const idBase = EmbeddedSandbox.idBase();
  if (config.effectsUrl) await assertEffectsProbe(config.effectsUrl, String(idBase));
  // The proxy waits well past the sandbox's time-out, to see how late a slow receiver answers.
  const waitMs = config.timeoutMs + Math.max(config.timeoutMs, LATE_ANSWER_MS);
  const proxy = await RecordingProxy.start({ receiverUrl: config.url, headerName: config.headerName, waitMs, redactor });
  let sandbox: EmbeddedSandbox | undefined;
  try {
    sandbox = await EmbeddedSandbox.start(config, proxy, idBase);
    const context = {
      config,
      sandbox: new SandboxDeliveries(sandbox, proxy, waitMs + ARRIVAL_MARGIN_MS),
      crafted: new CraftedDeliveries(config, sandbox, redactor, waitMs),
      effects: new EffectsLedger(config.effectsUrl),
    };
    const finished: Array<() => ScenarioReport> = [];
    const correctAnswers: AnsweredDelivery[] = [];
    for (const receiverCase of cases) {
      observers.say(`  ${receiverCase.id}`);
      finished.push(await runCase(receiverCase, context, redactor, correctAnswers));
    }
    if (config.effectsUrl) observers.say('  reading the effects probe');
    await context.effects.judge();
    const refusal = deliveryRefusal(correctAnswers);
    return { reports: finished.map((report) => report()), idBase, ...(refusal ? { refusal } : {}) };
  } finally {
    await sandbox?.close();
    await proxy.close();
  }
}

/** The receiver as a target: the embedded sandbox delivers to it, and no RC requirement needs more than core. */
function receiverAsTarget(config: ReceiverConfig): DescribedTarget {
  return { name: 'webhook receiver', baseUrl: config.url, environment: 'sandbox', capabilities: new Set(['core']) };
}

/** The cases' records judged into a results document, as a run's are. */
export function receiverResults(
  config: ReceiverConfig,
  { reports, idBase, refusal }: ReceiverRun,
  meta: { suiteVersion: string; startedAt: string },
): ResultsDocument {
  const document = judgedDocument({
    command: 'receiver',
    catalogue: receiverCatalogue(),
    target: receiverAsTarget(config),
    suiteVersion: meta.suiteVersion,
    seed: idBase,
    areas: [RECEIVER_GROUP],
    scenarioIds: reports.map((report) => report.scenarioId),
    records: reports.flatMap((report) => report.records),
    selected: new Set(reports.flatMap((report) => report.requirements)),
    startedAt: meta.startedAt,
    replayArguments: replayArguments(config),
  });
  if (refusal) document.diagnosis = refusal.line;
  return document;
}
