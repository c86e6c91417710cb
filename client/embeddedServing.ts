import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { startEmulator } from '../emulator/emulator.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';
import { readWebhooks } from './clientWebhooks.ts';
import { type Aim, type EmulatorCall, type PerturbationName, PlanBender } from './perturbations.ts';
import { type RecorderActivity, RequestRecorder } from './requestRecorder.ts';
import type { LeftBehind } from './requestJudge.ts';
import type { ServedApi } from './servedApi.ts';

// The embedded emulator on a free loopback port, the recorder inside its server (no hop between):
// what a client run calls unless told a target (client/targetServing.ts). The client is given a token
// of its own; the suite's own reads of the emulator carry another, which the recorder leaves out.

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

export const MINT_TOKEN_PATH = `${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path}`;

/**
 * The emulator served for the client: `activity`, when a client started elsewhere is watched (its token minting then
 * passed through unrecorded); `port`, the loopback port asked for.
 */
export async function serveEmulator(
  { plan, aims }: { plan: readonly PerturbationName[]; aims: Partial<Record<PerturbationName, Aim>> },
  redactor: SecretRedactor,
  variables: { accountId: string; depositProductId: string },
  watched?: { activity: RecorderActivity; port?: number },
): Promise<ServedApi> {
  const token = randomBytes(24).toString('hex');
  redactor.add(token);
  const suiteToken = randomBytes(24).toString('hex');
  redactor.add(suiteToken);
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
  const bender = plan.length > 0 ? new PlanBender(plan, call, suiteToken, aims) : undefined;
  const recorder = new RequestRecorder({
    unrecordedToken: suiteToken,
    ...(bender ? { bend: bender } : {}),
    ...(watched ? { passedThrough: MINT_TOKEN_PATH, activity: watched.activity } : {}),
  });
  const port = watched?.port;
  const emulator = await startEmulator({
    tokens: [{ value: token }, { value: suiteToken }],
    exchanges: recorder,
    ...(port === undefined ? {} : { port }),
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code ? new SetupError(`client: cannot serve on 127.0.0.1:${port ?? 0}: ${error.code}`) : error;
  });
  const baseUrl = emulator.url();
  return {
    baseUrl,
    token,
    tokenHint: { mintToken: { method: CONTROL_ROUTES.mintToken.method, url: `${baseUrl}${MINT_TOKEN_PATH}` } },
    fixtures: {
      [variables.accountId]: emulator.state.fixtures.accountId,
      [variables.depositProductId]: emulator.state.fixtures.depositProductId,
    },
    unavailable: {},
    requests: () => recorder.requests(),
    scopesOf: (held) => emulator.state.tokens.scopesOf(held),
    webhooks: () => readWebhooks(baseUrl, suiteToken),
    // Whether the unlisted event reached the client's receiver, from the emulator's log, before it closes.
    settle: async () => {
      await bender?.settle().catch(() => undefined);
    },
    leftBehind: () => readLeftBehind(baseUrl, suiteToken),
    targetProblems: () => [],
    close: async () => {
      recorder.stop();
      await emulator.close();
    },
  };
}
