import { connect } from 'node:net';
import { CheckRecorder } from '../harness/checkRecorder.ts';
import { requirementCatalogue } from '../harness/requirementCatalogue.ts';
import { countOutcomes, judgeRequirements, verdictOf } from '../run/requirementVerdict.ts';
import type { SecretRedactor } from '../harness/secretRedactor.ts';
import { SetupError } from '../harness/targetManifest.ts';
import { catalogueHash } from '../run/catalogueHash.ts';
import { RESULTS_FORMAT_VERSION, type ResultsDocument } from '../run/resultsDocument.ts';
import { AnswerJudge } from './answerJudge.ts';
import { CraftedDeliveries } from './craftedDeliveries.ts';
import { assertEffectsProbe, EffectsLedger } from './effectsProbe.ts';
import { EmbeddedSandbox } from './embeddedSandbox.ts';
import type { CaseContext, ReceiverCase } from './receiverCase.ts';
import { RECEIVER_CASES } from './receiverCases.ts';
import { type ReceiverConfig, replayArguments } from './receiverConfig.ts';
import { RecordingProxy } from './recordingProxy.ts';
import { SandboxDeliveries } from './sandboxDeliveries.ts';

// The receiver command's run, one way through: check the receiver (and its
// effects probe) answer at all → start the recording proxy and the embedded
// sandbox → run each case against the receiver, one at a time → read the effects
// → judge the RC requirements with the same code as a run → a results document of
// the same shape, which the same reporters write.

export interface CaseRun {
  receiverCase: ReceiverCase;
  check: CheckRecorder;
  /** Epoch ms. */
  startedAt: number;
  finishedAt: number;
}

export interface ReceiverRunObservers {
  say(text: string): void;
  /** Learns the receiver's token; every report passes through it. */
  redactor: SecretRedactor;
}

/** Only the requirements of the receiver subject: a run against a target never judges them. */
export const receiverCatalogue = () => requirementCatalogue('receiver');
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
): Promise<CaseRun> {
  const check = new CheckRecorder(receiverCatalogue(), receiverCase.id, new Set(receiverCase.requirements), redactor);
  const startedAt = Date.now();
  const reason = whyNotApplicable(receiverCase, context.config);
  if (reason) {
    for (const id of receiverCase.requirements) check.skip(id, reason);
    return { receiverCase, check, startedAt, finishedAt: startedAt };
  }
  try {
    await receiverCase.run({ ...context, check, judge: new AnswerJudge(check, context.config) });
  } catch (error) {
    const message = `case ${receiverCase.id} could not finish: ${(error as Error).message}`;
    for (const id of receiverCase.requirements) if (check.outcomesFor(id).length === 0) check.untestable(id, message);
  } finally {
    await context.sandbox.closeAll();
  }
  return { receiverCase, check, startedAt, finishedAt: Date.now() };
}

export interface ReceiverRun {
  runs: CaseRun[];
  /** The base of the run's event ids (recorded as the document's seed). */
  idBase: number;
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
    const runs: CaseRun[] = [];
    for (const receiverCase of cases) {
      observers.say(`  ${receiverCase.id}`);
      runs.push(await runCase(receiverCase, context, redactor));
    }
    if (config.effectsUrl) observers.say('  reading the effects probe');
    await context.effects.judge();
    return { runs, idBase };
  } finally {
    await sandbox?.close();
    await proxy.close();
  }
}

/** The cases' records judged into a results document, as a run's are. */
export function receiverResults(
  config: ReceiverConfig,
  { runs, idBase }: ReceiverRun,
  meta: { suiteVersion: string; startedAt: string },
): ResultsDocument {
  const records = runs.flatMap((run) => run.check.records());
  // The receiver is judged as the embedded sandbox delivers to it; no RC requirement needs more than core.
  const target = {
    name: 'webhook receiver',
    baseUrl: config.url,
    environment: 'sandbox' as const,
    capabilities: new Set(['core' as const]),
  };
  const selected = new Set(runs.flatMap((run) => run.receiverCase.requirements));
  const results = judgeRequirements(receiverCatalogue(), records, target, { selected });
  return {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion: meta.suiteVersion,
    catalogueHash: catalogueHash(),
    target: { name: target.name, baseUrl: target.baseUrl, environment: target.environment, capabilities: [...target.capabilities] },
    seed: idBase,
    areas: ['receiver'],
    scenarioIds: runs.map((run) => run.receiverCase.id),
    selectedRequirements: [...selected].sort(),
    startedAt: meta.startedAt,
    finishedAt: new Date().toISOString(),
    verdict: verdictOf(results),
    command: 'receiver',
    replayArguments: replayArguments(config),
    counts: countOutcomes(results),
    requirements: results,
  };
}
