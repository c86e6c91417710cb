import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { startEmulator } from '../emulator/emulator.ts';
import type { ScenarioReport } from '../harness/engine/engineEvents.ts';
import type { EngineSubject, ItemRun, PlannedItem } from '../harness/engine/subject.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { fixedLimit } from '../harness/targetIO/adaptiveConcurrency.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { CLIENT_GROUP } from './clientChecks.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';
import { type EmulatorCall, type PerturbationName, PlanBender } from './perturbations.ts';
import { QuietWatch, type WaitEnded } from './quietWatch.ts';
import { RequestRecorder } from './requestRecorder.ts';
import { JUDGE_WEBHOOKS_VARIABLE, readWebhooks, type ReceiverJudgingOptions, WebhookJudging } from './clientWebhooks.ts';
import { type ClientCalls, type ClientItem, judgeItem, type LeftBehind, NO_CALL, readCalls } from './requestJudge.ts';

// The integrator's API client as the engine's subject (harness/engine/subject.ts). Set-up: the
// embedded emulator on a free loopback port, the recorder inside its server (no hop between), the
// client's command run to its exit with the emulator's address and a token in its environment (or,
// for a client started elsewhere, the address said and the recorder watched until the client goes
// quiet or the user interrupts); the emulator then closes, as nothing more is asked of it. Each item (client/requestJudge.ts)
// judges the recorded requests; items run one at a time, as they are pure and take microseconds.

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
  /** The emulator's token minting, which the recorder does not record. */
  mintToken: { method: string; url: string };
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
  receivers?: ReceiverJudgingOptions;
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

/** The list pages that hold every resource a client run makes (API 4.2, 4.3: at most 1000 a page). */
const ALL_ON_ONE_PAGE = '?page[limit]=1000';

/** How many of `path`'s resources have `status`, read from the emulator with the suite's token, which the recorder leaves out. */
async function countWithStatus(emulatorUrl: string, token: string, path: string, status: string): Promise<number> {
  const answer = await request(`${emulatorUrl}${path}${ALL_ON_ONE_PAGE}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await answer.body.json()) as { data?: Array<{ attributes?: { status?: string } }> };
  return (body.data ?? []).filter((resource) => resource.attributes?.status === status).length;
}

async function readLeftBehind(emulatorUrl: string, token: string): Promise<LeftBehind> {
  return {
    enabledWebhooks: await countWithStatus(emulatorUrl, token, '/webhooks', 'Enabled'),
    activeRules: await countWithStatus(emulatorUrl, token, '/positive-pay', 'Active'),
  };
}

const MINT_TOKEN_PATH = `${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path}`;

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
  /** The webhooks the client created, judged as receivers beside it (client/clientWebhooks.ts). */
  webhooks: WebhookJudging;
}

export class ClientSubject implements EngineSubject<ClientItem, ItemJudged, ClientLearned> {
  readonly subject = 'client';
  private baseUrl = '';
  private exit: CommandExit | undefined;
  private waitEnded: WaitEnded | undefined;
  private calls: ClientCalls | undefined;
  private readonly webhooks: WebhookJudging;

  constructor(
    private readonly source: ClientSource,
    private readonly say: (text: string) => void,
    private readonly redactor: SecretRedactor,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.webhooks = new WebhookJudging(redactor, say, source.receivers);
  }

  async open(): Promise<void> {
    // A wrong effects probe is said before anything starts, where it can be told already.
    await this.webhooks.assertProbeIfUp();
    const token = randomBytes(24).toString('hex');
    this.redactor.add(token);
    // The suite's own reads of the emulator carry a token of their own: the recorder leaves them out.
    const suiteToken = randomBytes(24).toString('hex');
    this.redactor.add(suiteToken);
    const plan = this.source.plan ?? [];
    const waiting = 'wait' in this.source ? this.source.wait : undefined;
    const watch = waiting && new QuietWatch(waiting.idleSeconds * 1000);
    // The suite's own calls of the emulator, in-process: never recorded, never bent.
    const call: EmulatorCall = async ({ method, url, headers, body }) => {
      const answer = await emulator.app.inject({
        method: method as 'GET',
        url,
        ...(headers ? { headers } : {}),
        ...(body ? { payload: body } : {}),
      });
      return { status: answer.statusCode, body: answer.body };
    };
    const bender = plan.length > 0 ? new PlanBender(plan, call, suiteToken) : undefined;
    // Inside the emulator's own server, no hop in front of it (client/requestRecorder.ts): the client calls the emulator itself.
    const recorder = new RequestRecorder({
      unrecordedToken: suiteToken,
      ...(bender ? { bend: bender } : {}),
      ...(watch ? { passedThrough: MINT_TOKEN_PATH, activity: watch } : {}),
    });
    const port = waiting?.port;
    const emulator = await startEmulator({
      tokens: [{ value: token }, { value: suiteToken }],
      exchanges: recorder,
      ...(port === undefined ? {} : { port }),
    }).catch((error: NodeJS.ErrnoException) => {
      throw error.code ? new SetupError(`client: cannot serve on 127.0.0.1:${port ?? 0}: ${error.code}`) : error;
    });
    const fixtures = {
      [CLIENT_ENV.accountId]: emulator.state.fixtures.accountId,
      [CLIENT_ENV.depositProductId]: emulator.state.fixtures.depositProductId,
      [CLIENT_ENV.judgeWebhooks]: await this.webhooks.serve(() => readWebhooks(emulator.url(), suiteToken)),
    };
    try {
      if ('command' in this.source) {
        this.baseUrl = emulator.url();
        const environment = { ...this.env, [CLIENT_ENV.baseUrl]: this.baseUrl, [CLIENT_ENV.token]: token, ...fixtures };
        this.exit = await runCommand(this.source.command, environment, this.say, this.redactor, this.source.interrupted);
        await this.webhooks.judgeTheRest(this.exit.interrupted ? 'after Ctrl-C stopped your client' : "after your client's command exited");
      } else {
        const { wait } = this.source;
        this.webhooks.activity = watch;
        this.baseUrl = emulator.url();
        wait.serving({
          baseUrl: this.baseUrl,
          mintToken: { method: CONTROL_ROUTES.mintToken.method, url: `${this.baseUrl}${MINT_TOKEN_PATH}` },
          fixtures,
        });
        this.waitEnded = await watch!.wait(wait.interrupted);
        await this.webhooks.judgeTheRest(this.waitEnded === 'quiet' ? 'once your client had gone quiet' : 'on Ctrl-C');
      }
      // Whether the unlisted event reached the client's receiver, from the emulator's log, before it closes.
      await bender?.settle().catch(() => undefined);
      this.calls = {
        ...readCalls(recorder.requests(), this.baseUrl, this.redactor, (held) => emulator.state.tokens.scopesOf(held)),
        leftBehind: await readLeftBehind(emulator.url(), suiteToken),
        plan,
        ...(this.exit ? { exit: this.exit } : {}),
      };
      // Nothing to judge: said before any item is planned, so no progress is shown and no report overwrites the last.
      if (Object.keys(this.calls.exercised).length === 0)
        throw new SetupError(
          `client: ${NO_CALL} to ${CLIENT_ENV.baseUrl} (${endedText(this.exit, this.waitEnded, waiting?.idleSeconds)}): nothing judged, no report written`,
        );
    } finally {
      await this.webhooks.close();
      recorder.stop();
      await emulator.close();
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
    webhooks: this.webhooks,
  });

  report({ item, records, startedMs, durationMs }: ItemJudged): ScenarioReport {
    const { id, title, requirements } = item;
    return {
      subject: 'client',
      group: CLIENT_GROUP,
      scenarioId: id,
      title,
      requirements: [...requirements],
      records,
      startedMs,
      durationMs,
    };
  }

  suiteErrors = () => [];
}
