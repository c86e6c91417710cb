import { runEngine } from '../harness/engine/engine.ts';
import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import type { CopedRow, ResultsDocument } from '../verdict/resultsDocument.ts';
import { judgedDocument } from '../verdict/judgement.ts';
import { applyBaseline, excusedRequirements, type ExpectedFailure } from '../verdict/expectedFailures.ts';
import { verdictOf } from '../verdict/requirementVerdict.ts';
import { CLIENT_GROUP } from './clientChecks.ts';
import { clientJournal } from './clientJournal.ts';
import type { JournalEntry } from '../harness/records/exchangeJournal.ts';
import { clientAndReceiverCatalogue } from './clientWebhooks.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { RECEIVER_GROUP } from '../receiver/receiverCase.ts';
import { type ClientSource, ClientSubject, type CommandExit } from './clientSubject.ts';
import type { WaitEnded } from './quietWatch.ts';
import { CLIENT_ITEMS, type ClientCalls } from './requestJudge.ts';
import { copedRows } from './copedTable.ts';

// The client command's run, one way through: the engine (harness/engine/engine.ts) runs the
// client's items with the client as its subject (client/clientSubject.ts: the emulator, the
// recorder and the client's command as set-up) and tells the faces as it tells them a run's;
// then an ItemReport per item, and the CL requirements judged into a results document by
// the run's own assembly. The webhooks the client created are judged as receivers while it runs
// (client/clientWebhooks.ts: the engine again, the receiver as its subject), each a segment told
// live to the same faces, before the client's own items, which are judged once it has ended; their
// reports come back with what the client's subject learned, and their RC verdicts go into the same
// document, beside the CL ones.

export { CLIENT_ENV, type ClientSource, endedText, type Serving } from './clientSubject.ts';

export interface ClientRunObservers {
  /** One line of the command's own output, secrets masked, or a line of the command's progress. */
  say(text: string): void;
  /** Learns the token; every line and report passes through it. */
  redactor: SecretRedactor;
  /** Told the engine's events, as a run's faces are. */
  listener?: EngineListener;
}

export interface ClientRun {
  /** One per item, in the order they ran; then one per receiver case of each webhook it created (subject receiver). */
  reports: ItemReport[];
  /** What the client called, read once from the recording. */
  calls: Omit<ClientCalls, 'calls'>;
  /** Each call of a documented operation as its evidence holds it, for HAR (client/clientJournal.ts). */
  exchanges: JournalEntry[];
  /** How the client coped with each perturbation of its plan (client/copedTable.ts); none without a plan. */
  coped: CopedRow[];
  /** How the command exited; absent for a client started elsewhere. */
  exit?: CommandExit;
  /** How waiting for a client started elsewhere ended; absent for a command. */
  waitEnded?: WaitEnded;
  /** Where the client was told to call: the embedded emulator, or the recording proxy in front of `target`. */
  baseUrl: string;
  /** The target of a manifest it called through the proxy (client --target); absent for the embedded emulator. */
  target?: { name: string; baseUrl: string };
  startedAt: string;
}

export async function runClient(
  source: ClientSource,
  observers: ClientRunObservers,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ClientRun> {
  const startedAt = new Date().toISOString();
  const subject = new ClientSubject(source, observers.say, observers.redactor, env, observers.listener);
  const { results, learned } = await runEngine(CLIENT_ITEMS, subject, observers.listener ? { listener: observers.listener } : {});
  const { calls: judgedCalls, ...calls } = learned.calls;
  // Its webhooks' receivers were judged while it ran, their events told then: their reports come after its own.
  return {
    reports: [...results.map((result) => subject.report(result)), ...learned.receivers],
    calls,
    exchanges: clientJournal(judgedCalls),
    coped: copedRows({
      calls: judgedCalls,
      plan: calls.plan ?? [],
      ...(calls.exit ? { exit: calls.exit } : {}),
      ...(calls.unavailable ? { unavailable: calls.unavailable } : {}),
      ...(calls.placedAt ? { placedAt: calls.placedAt } : {}),
    }),
    ...(learned.exit ? { exit: learned.exit } : {}),
    ...(learned.waitEnded ? { waitEnded: learned.waitEnded } : {}),
    baseUrl: learned.baseUrl,
    ...(source.target ? { target: { name: source.target.name, baseUrl: source.target.baseUrl } } : {}),
    startedAt,
  };
}

/** The client as the document's target: the embedded emulator it called, recorded inside its server, or the manifest's target. */
const describedClient = (run: ClientRun) => ({
  name: run.target ? `your API client, against ${run.target.name}` : 'your API client',
  baseUrl: run.target?.baseUrl ?? run.baseUrl,
  environment: 'sandbox' as const,
  capabilities: new Set(['core'] as const),
});

/**
 * The items' records judged into a results document, as a run's and a receiver's are. replayArguments: the
 * options that describe this client run again (cli/commandLineText.ts); `-- COMMAND` when absent. baseline: the
 * client's known failures, applied as a run applies its own (verdict/expectedFailures.ts).
 */
export function clientResults(
  command: readonly string[],
  run: ClientRun,
  meta: {
    suiteVersion: string;
    replayArguments?: string[];
    baseline?: { path: string; entries: readonly ExpectedFailure[] };
    /** The run's seed, which placed the perturbations given no call (client/planCursor.ts); 0 when absent. */
    seed?: number;
  },
): ResultsDocument {
  // No webhook, no receiver judged: the RC requirements are left out, not listed as SKIPs.
  const receivers = run.reports.some((report) => report.subject === 'receiver');
  const document = judgedDocument({
    command: 'client',
    catalogue: receivers ? clientAndReceiverCatalogue() : requirementCatalogue('client'),
    target: describedClient(run),
    suiteVersion: meta.suiteVersion,
    seed: meta.seed ?? 0,
    areas: receivers ? [CLIENT_GROUP, RECEIVER_GROUP] : [CLIENT_GROUP],
    itemIds: run.reports.map((report) => report.itemId),
    records: run.reports.flatMap((report) => report.records),
    selected: new Set(run.reports.flatMap((report) => report.requirements)),
    startedAt: run.startedAt,
    replayArguments: meta.replayArguments ?? ['--', ...command],
  });
  if (meta.baseline) {
    // A known failure that happened does not fail the run; an entry that no longer fails does, so that it is removed.
    const outcome = applyBaseline(meta.baseline.entries, document.requirements);
    document.verdict =
      outcome.stale.length > 0
        ? 'non-conformant'
        : verdictOf(document.requirements, excusedRequirements(outcome.known, document.requirements));
    document.baseline = { path: meta.baseline.path, ...outcome };
  }
  // The command's own exit, beside the verdict: a finding only where a requirement judges it (after a perturbation).
  const exit = run.exit ? { clientExit: { code: run.exit.code, signal: run.exit.signal } } : {};
  // How it coped with its plan's perturbations: recorded beside the verdict, never judged by itself.
  return { ...document, ...exit, ...(run.coped.length > 0 ? { clientCoped: run.coped } : {}) };
}
