import { runEngine } from '../harness/engine/engine.ts';
import { runSeed } from '../harness/records/runSeed.ts';
import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import type { DescribedSubject, ResultsDocument } from '../verdict/resultsDocument.ts';
import { judgedDocument } from '../verdict/judgement.ts';
import { type AnsweredDelivery, isAccepted } from './deliveryExchange.ts';
import { RECEIVER_GROUP, type ReceiverCase, receiverCatalogue } from './receiverCase.ts';
import { RECEIVER_CASES } from './receiverCases.ts';
import type { ReceiverConfig } from './receiverConfig.ts';
import type { OptionWords } from '../harness/records/optionWords.ts';
import { type ReceiverJudging, ReceiverSubject } from './receiverSubject.ts';

// The receiver command's run, one way through: the engine (harness/engine/engine.ts) runs the
// cases against the receiver as its subject (receiver/receiverSubject.ts: set-up, each case, the
// effects read once at the end, tear-down) and tells the faces as it tells them a run's; then a
// ItemReport per case, and the RC requirements judged into a results document by the run's
// own assembly.

export interface ReceiverRunObservers {
  say(text: string): void;
  /** Learns the receiver's token; every report passes through it. */
  redactor: SecretRedactor;
  /** Told the engine's events, as a run's faces are. */
  listener?: EngineListener;
}

export interface ReceiverRun {
  /** One per case, in the order they ran. */
  reports: ItemReport[];
  /** The base of the run's event ids (results.json's idBase). */
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

/** What a receiver refusing everything with this status most likely has wrong: the option to check, where a command named it. */
function likelyCause(status: number, words: OptionWords | undefined): string | undefined {
  if (status === 401 || status === 403)
    return `is ${words ? words.tokenEnv : "the webhook's token"} the token the webhook was created with?`;
  if (status === 404 || status === 405)
    return `is ${words ? words.url : "the webhook's URL"} the address the receiver takes deliveries at?`;
  return undefined;
}

/** Two or more correct deliveries, every one answered the same refusing status. */
export function deliveryRefusal(correctAnswers: readonly AnsweredDelivery[], words?: OptionWords): DeliveryRefusal | undefined {
  const first = correctAnswers[0];
  const status = first?.status;
  if (!first || status === undefined || correctAnswers.length < 2 || isAccepted(first)) return undefined;
  if (!correctAnswers.every((answer) => answer.status === status)) return undefined;
  const cause = likelyCause(status, words) ?? `${correctAnswers.length} deliveries, whatever they carried`;
  return { status, line: `every validly signed delivery was answered ${status}: ${cause}`, example: first.exchange };
}

export async function runReceiverCases(
  config: ReceiverConfig,
  observers: ReceiverRunObservers,
  cases: readonly ReceiverCase[] = RECEIVER_CASES,
  /** How a receiver no one named is judged: a webhook an API client created (client/clientWebhooks.ts). */
  judging?: ReceiverJudging,
): Promise<ReceiverRun> {
  const { redactor } = observers;
  redactor.add(config.token);
  const subject = new ReceiverSubject(config, observers.say, redactor, judging);
  const { results, learned } = await runEngine(cases, subject, observers.listener ? { listener: observers.listener } : {});
  const refusal = deliveryRefusal(learned.correctAnswers, judging?.optionWords);
  return { reports: results.map((result) => subject.report(result)), idBase: learned.idBase, ...(refusal ? { refusal } : {}) };
}

/** The receiver as a target: the embedded sandbox delivers to it, and no RC requirement needs more than core. */
function describedReceiver(config: ReceiverConfig): DescribedSubject {
  return { name: 'webhook receiver', baseUrl: config.url, environment: 'sandbox', capabilities: new Set(['core']) };
}

/** The cases' records judged into a results document, as a run's are. */
export function receiverResults(
  config: ReceiverConfig,
  { reports, idBase, refusal }: ReceiverRun,
  /** replayArguments: the options that describe this receiver again (cli/commandLineText.ts), for each failure's replay command. */
  meta: { suiteVersion: string; startedAt: string; replayArguments: string[] },
): ResultsDocument {
  const document = judgedDocument({
    command: 'receiver',
    catalogue: receiverCatalogue(),
    target: describedReceiver(config),
    suiteVersion: meta.suiteVersion,
    seed: runSeed(),
    areas: [RECEIVER_GROUP],
    itemIds: reports.map((report) => report.itemId),
    records: reports.flatMap((report) => report.records),
    selected: new Set(reports.flatMap((report) => report.requirements)),
    startedAt: meta.startedAt,
    replayArguments: meta.replayArguments,
  });
  document.idBase = idBase;
  if (refusal) document.diagnosis = refusal.line;
  return document;
}
