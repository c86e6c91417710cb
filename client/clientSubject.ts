import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { EngineListener, ItemReport } from '../harness/engine/engineEvents.ts';
import type { EngineSubject, ItemRun, PlannedItem } from '../harness/engine/subject.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { fixedLimit } from '../harness/targetIO/adaptiveConcurrency.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { CLIENT_GROUP } from './clientChecks.ts';
import { serveEmulator } from './embeddedServing.ts';
import type { Aim, PerturbationName } from './perturbations.ts';
import { placedAims, placedAtOf } from './planCursor.ts';
import { QuietWatch, type WaitEnded } from './quietWatch.ts';
import type { ServedApi } from './servedApi.ts';
import type { ClientTarget } from './clientTarget.ts';
import { serveTarget } from './targetServing.ts';
import { JUDGE_WEBHOOKS_VARIABLE, type ReceiverJudgingOptions, WebhookJudging } from './clientWebhooks.ts';
import { type ClientCalls, type ClientItem, judgeItem, NO_CALL, readCalls } from './requestJudge.ts';
import { countShiftedEffects } from './listShift.ts';

// The integrator's API client as the engine's subject (harness/engine/subject.ts). Set-up: what the
// client calls (client/servedApi.ts): the embedded emulator on a free loopback port with the recorder
// inside its server (no hop between), or the recording proxy in front of a manifest's target
// (client --target); the client's command run to its exit with that address, a token and the fixture
// ids in its environment (or, for a client started elsewhere, the address said and the recording
// watched until the client goes quiet or the user interrupts); then it closes, as nothing more is asked
// of it. Each item (client/requestJudge.ts) judges the recorded requests; items run one at a time, as
// they are pure and take microseconds. The webhooks it created are judged during its set-up, each a
// receiver segment told live to the faces (client/clientWebhooks.ts); their reports are handed back
// with what it learned.

/** What the client's command finds in its environment: names written once, documented in docs/cli.md. */
export const CLIENT_ENV = {
  baseUrl: 'BANKING_API_BASE_URL',
  token: 'BANKING_API_TOKEN',
  accountId: 'BANKING_API_ACCOUNT_ID',
  depositProductId: 'BANKING_API_DEPOSIT_PRODUCT_ID',
  /** GET it once the client's webhook receiver listens: it answers once that receiver is judged (client/clientWebhooks.ts). */
  judgeWebhooks: JUDGE_WEBHOOKS_VARIABLE,
} as const;

export interface ItemJudged {
  readonly item: ClientItem;
  readonly records: CheckRecord[];
  dependsOnSchedule?: boolean;
  readonly startedMs: number;
  readonly durationMs: number;
}

/** A client started elsewhere: served until it goes quiet or `interrupted` aborts. */
export interface ClientWait {
  idleSeconds: number;
  /** The loopback port to serve on; a free one when absent. */
  port?: number;
  interrupted: AbortSignal;
  /** Told where the client calls and how it gets a token, before the wait starts. */
  serving(serving: Serving): void;
}

/** Where a client started elsewhere calls, and what it is given; never a token. */
export interface Serving {
  baseUrl: string;
  /** How it gets a token: the emulator's minting (not recorded), or the manifest's variable that holds one. */
  token: ServedApi['tokenHint'];
  /** The fixture ids, by the variable `client -- COMMAND` would set. */
  fixtures: Record<string, string>;
}

/**
 * What the client command judges: the requests of COMMAND, run to its exit, or of a client started elsewhere;
 * `plan`, the perturbations its answers are bent by (client/perturbations.ts), none when absent; `receivers`, how
 * the receivers of its webhooks are judged beyond their settings (client/clientWebhooks.ts: an effects probe).
 */
export type ClientSource = ({ command: readonly string[]; interrupted?: AbortSignal } | { wait: ClientWait }) & {
  plan?: readonly PerturbationName[];
  /** Where the plan aims its perturbations, by name (client --plan NAME:op=…,call=…,times=…); each at its first chance when absent. */
  aims?: Partial<Record<PerturbationName, Aim>>;
  /** The run's seed: it places each perturbation given no call (client/planCursor.ts); 0 when absent, each at its first chance. */
  seed?: number;
  receivers?: ReceiverJudgingOptions;
  /** A target of a manifest, called through the recording proxy (client --target); the embedded emulator when absent. */
  target?: ClientTarget;
};

/** The command's own exit: its code, or the signal that ended it; `interrupted` when the user's Ctrl-C stopped it. */
export interface CommandExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  interrupted?: boolean;
}

/** Runs `command` until it exits, each line of its output said through the redactor; `interrupted` passes Ctrl-C on to it. */
function runCommand(
  command: readonly string[],
  env: NodeJS.ProcessEnv,
  say: (text: string) => void,
  redactor: SecretRedactor,
  interrupted?: AbortSignal,
): Promise<CommandExit> {
  const [file, ...args] = command;
  if (!file) throw new SetupError('client: give the command that runs your client after --, e.g. client -- node my-client.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new SetupError(error.code === 'ENOENT' ? `client: command not found: ${file}` : `client: cannot start ${file}: ${error.message}`),
      ),
    );
    for (const stream of [child.stdout, child.stderr])
      createInterface({ input: stream }).on('line', (line) => say(`  | ${redactor.text(line)}`));
    // Ctrl-C stops the command as a terminal would (SIGINT), and what it recorded until then is judged.
    const stop = () => child.kill('SIGINT');
    interrupted?.addEventListener('abort', stop, { once: true });
    child.once('close', (code, signal) => {
      interrupted?.removeEventListener('abort', stop);
      resolve({ code, signal, ...(interrupted?.aborted ? { interrupted: true } : {}) });
    });
  });
}

/** How the client's part ended, as the command's lines say it: its command's exit, or how the wait for it ended. */
export function endedText(exit: CommandExit | undefined, waitEnded: WaitEnded | undefined, idleSeconds = 0): string {
  if (exit?.interrupted) return "your client's command was stopped by Ctrl-C (SIGINT)";
  if (exit) return `your client's command ${exit.signal ? `was ended by ${exit.signal}` : `exited ${exit.code}`}`;
  if (waitEnded === 'interrupted') return 'judged on Ctrl-C (SIGINT)';
  return `your client was quiet for ${idleSeconds} s`;
}

/** What a client's run learns beyond its items' records, handed back by the engine (its `learned`). */
export interface ClientLearned {
  /** Where the client was told to call: the emulator's address (the recorder is inside it). */
  baseUrl: string;
  /** Set when the source was a command. */
  exit?: CommandExit;
  /** Set when the source was a client started elsewhere. */
  waitEnded?: WaitEnded;
  /** What the client called, read once from the recording. */
  calls: ClientCalls;
  /** The reports of the webhooks the client created, judged as receivers beside it (client/clientWebhooks.ts), webhook after webhook. */
  receivers: ItemReport[];
}

export class ClientSubject implements EngineSubject<ClientItem, ItemJudged, ClientLearned> {
  readonly subject = 'client';
  private baseUrl = '';
  private exit: CommandExit | undefined;
  private waitEnded: WaitEnded | undefined;
  private calls: ClientCalls | undefined;
  private receivers: ItemReport[] = [];
  private readonly webhooks: WebhookJudging;

  constructor(
    private readonly source: ClientSource,
    private readonly say: (text: string) => void,
    private readonly redactor: SecretRedactor,
    private readonly env: NodeJS.ProcessEnv = process.env,
    /** The faces: each webhook's judging is told to them live, a segment of its own. */
    listener?: EngineListener,
  ) {
    this.webhooks = new WebhookJudging(redactor, say, source.receivers, listener);
  }

  async open(): Promise<void> {
    // A wrong effects probe is said before anything starts, where it can be told already.
    await this.webhooks.assertProbeIfUp();
    const plan = this.source.plan ?? [];
    const aims = placedAims(plan, this.source.aims ?? {}, this.source.seed ?? 0);
    const waiting = 'wait' in this.source ? this.source.wait : undefined;
    const watch = waiting && new QuietWatch(waiting.idleSeconds * 1000);
    const watched = watch && { activity: watch, ...(waiting.port === undefined ? {} : { port: waiting.port }) };
    const { target } = this.source;
    const served = target
      ? await serveTarget(target, { plan, aims }, this.redactor, CLIENT_ENV, watched)
      : await serveEmulator({ plan, aims }, this.redactor, CLIENT_ENV, watched);
    const fixtures = { ...served.fixtures, [CLIENT_ENV.judgeWebhooks]: await this.webhooks.serve(() => served.webhooks()) };
    try {
      this.baseUrl = served.baseUrl;
      if ('command' in this.source) {
        const given = { [CLIENT_ENV.baseUrl]: this.baseUrl, ...(served.token ? { [CLIENT_ENV.token]: served.token } : {}), ...fixtures };
        this.exit = await runCommand(this.source.command, { ...this.env, ...given }, this.say, this.redactor, this.source.interrupted);
        await this.webhooks.judgeTheRest(this.exit.interrupted ? 'after Ctrl-C stopped your client' : "after your client's command exited");
      } else {
        const { wait } = this.source;
        this.webhooks.activity = watch;
        wait.serving({ baseUrl: this.baseUrl, token: served.tokenHint, fixtures });
        this.waitEnded = await watch!.wait(wait.interrupted);
        await this.webhooks.judgeTheRest(this.waitEnded === 'quiet' ? 'once your client had gone quiet' : 'on Ctrl-C');
      }
      this.receivers = await this.webhooks.reports();
      await served.settle();
      await countShiftedEffects(served.requests(), this.source.receivers?.effects?.effectsUrl);
      const problems = served.targetProblems();
      if (problems.length > 0)
        this.say(
          `Target: ${problems.length} of your client's calls were not answered by the target (the proxy answered 502): ${problems.join('; ')}`,
        );
      const { unavailable, stateUnread } = served;
      const leftBehind = await served.leftBehind();
      this.calls = {
        ...readCalls(served.requests(), this.baseUrl, this.redactor, served.scopesOf),
        ...(leftBehind ? { leftBehind } : {}),
        plan,
        ...(Object.keys(unavailable).length > 0 ? { unavailable } : {}),
        ...placedAtOf(aims),
        ...(stateUnread ? { stateUnread } : {}),
        ...(this.exit ? { exit: this.exit } : {}),
      };
      // Nothing to judge: said before any item is planned, so no progress is shown and no report overwrites the last.
      if (Object.keys(this.calls.exercised).length === 0)
        throw new SetupError(
          `client: ${NO_CALL} to ${CLIENT_ENV.baseUrl} (${endedText(this.exit, this.waitEnded, waiting?.idleSeconds)}): nothing judged, no report written`,
        );
    } finally {
      await this.webhooks.close();
      await served.close();
    }
  }

  plan(item: ClientItem): PlannedItem<ClientItem> {
    return { id: item.id, item, group: CLIENT_GROUP, footprint: { reads: new Set(), moves: new Set() } };
  }

  limit = () => fixedLimit(1);
  webhookBudget = () => Number.POSITIVE_INFINITY;
  beside = () => false;
  pastDeadline = () => false;

  async run({ item }: PlannedItem<ClientItem>, run: ItemRun): Promise<ItemJudged> {
    const startedMs = Date.now();
    const records = judgeItem(item, this.calls!, this.redactor, run.recorded);
    run.bodyEnded(records);
    return { item, records, startedMs, durationMs: Date.now() - startedMs };
  }

  // open() read the calls or threw: no item runs, and nothing is learned, without them.
  learned = (): ClientLearned => ({
    baseUrl: this.baseUrl,
    ...(this.exit ? { exit: this.exit } : {}),
    ...(this.waitEnded ? { waitEnded: this.waitEnded } : {}),
    calls: this.calls!,
    receivers: this.receivers,
  });

  report({ item, records, startedMs, durationMs }: ItemJudged): ItemReport {
    const { id, title, requirements } = item;
    return {
      subject: 'client',
      group: CLIENT_GROUP,
      itemId: id,
      title,
      requirements: [...requirements],
      records,
      startedMs,
      durationMs,
    };
  }

  suiteErrors = () => [];
}
