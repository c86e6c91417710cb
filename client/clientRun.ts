import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { startEmulator } from '../emulator/emulator.ts';
import { requirementCatalogue } from '../harness/documents/requirementCatalogue.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/target/targetManifest.ts';
import type { ResultsDocument } from '../run/resultsDocument.ts';
import { judgedDocument } from '../run/runJudgement.ts';
import { CLIENT_GROUP } from './clientChecks.ts';
import { RequestRecorder } from './requestRecorder.ts';
import { CLIENT_REQUIREMENTS, type ClientJudgement, judgeClientRequests } from './requestJudge.ts';

// The client command's run, one way through: the embedded emulator on a free
// loopback port → the recorder in front of it → the integrator's command, given
// the recorder's address and a token in its environment → when it exits, every
// recorded request judged (requestJudge.ts) into a results document by the run's
// own assembly. Kept to this one module so that the engine's subject adapter, once
// it lands, can call the judging as it calls the receiver's.

/** What the client's command finds in its environment: names written once, documented in docs/cli.md. */
export const CLIENT_ENV = {
  baseUrl: 'BANKING_API_BASE_URL',
  token: 'BANKING_API_TOKEN',
  accountId: 'BANKING_API_ACCOUNT_ID',
  depositProductId: 'BANKING_API_DEPOSIT_PRODUCT_ID',
} as const;

export interface ClientRunObservers {
  /** One line of the command's own output, secrets masked, or a line of the command's progress. */
  say(text: string): void;
  /** Learns the token; every line and report passes through it. */
  redactor: SecretRedactor;
}

export interface ClientRun {
  judgement: ClientJudgement;
  /** The command's own exit: its code, or the signal that ended it. */
  exit: { code: number | null; signal: NodeJS.Signals | null };
  baseUrl: string;
  startedAt: string;
}

/** Runs `command` until it exits, relaying its output line by line through the redactor. */
function runCommand(command: readonly string[], env: NodeJS.ProcessEnv, observers: ClientRunObservers): Promise<ClientRun['exit']> {
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
      createInterface({ input: stream }).on('line', (line) => observers.say(`  | ${observers.redactor.text(line)}`));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
}

export async function runClient(
  command: readonly string[],
  observers: ClientRunObservers,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ClientRun> {
  const token = randomBytes(24).toString('hex');
  observers.redactor.add(token);
  const startedAt = new Date().toISOString();
  const emulator = await startEmulator({ tokens: [{ value: token }] });
  let recorder: RequestRecorder | undefined;
  try {
    recorder = await RequestRecorder.start(emulator.url());
    const baseUrl = recorder.url();
    const exit = await runCommand(
      command,
      {
        ...env,
        [CLIENT_ENV.baseUrl]: baseUrl,
        [CLIENT_ENV.token]: token,
        [CLIENT_ENV.accountId]: emulator.state.fixtures.accountId,
        [CLIENT_ENV.depositProductId]: emulator.state.fixtures.depositProductId,
      },
      observers,
    );
    return { judgement: judgeClientRequests(recorder.requests(), baseUrl, observers.redactor), exit, baseUrl, startedAt };
  } finally {
    await recorder?.close();
    await emulator.close();
  }
}

/** The client as the document's target: the embedded emulator it called, through the recorder. */
const clientAsTarget = (run: ClientRun) => ({
  name: 'your API client',
  baseUrl: run.baseUrl,
  environment: 'sandbox' as const,
  capabilities: new Set(['core'] as const),
});

/** The judged requests as a results document, as a run's and a receiver's are. */
export function clientResults(command: readonly string[], run: ClientRun, meta: { suiteVersion: string }): ResultsDocument {
  const { judgement } = run;
  return judgedDocument({
    command: 'client',
    catalogue: requirementCatalogue('client'),
    target: clientAsTarget(run),
    suiteVersion: meta.suiteVersion,
    seed: 0,
    areas: [CLIENT_GROUP],
    scenarioIds: judgement.checkIds,
    records: judgement.records,
    selected: new Set(CLIENT_REQUIREMENTS),
    startedAt: run.startedAt,
    replayArguments: ['--', ...command],
  });
}
