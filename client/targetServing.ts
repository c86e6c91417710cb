import { CONTENT_TYPES, DELIVERY_MODES } from '../contract/facts/webhookAttributes.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { SetupError } from '../harness/records/setupError.ts';
import type { ClientWebhook } from './clientWebhooks.ts';
import { operationOf } from './operationOf.ts';
import type { Aim, PerturbationName } from './perturbations.ts';
import { ProxiedPlanBender, unavailableThroughProxy } from './proxiedPerturbations.ts';
import type { RecordedRequest } from './recordedRequest.ts';
import type { RecorderActivity } from './requestRecorder.ts';
import type { ServedApi } from './servedApi.ts';
import type { ClientTarget } from './clientTarget.ts';
import { UpstreamProxy } from './upstreamProxy.ts';

// A target of a manifest served to the client through the recording proxy (client/upstreamProxy.ts,
// client --target): a vendor sandbox, an emulator started elsewhere, any base URL. The client is given
// the proxy's address, the token of the manifest's token variable and its fixture ids; the suite asks
// the target nothing of its own, so what only the embedded emulator can tell (the scopes a token
// holds, what was left live) is not read, and the webhooks the client made are read from its own
// creates and what the target answered them.

export async function serveTarget(
  target: ClientTarget,
  { plan, aims }: { plan: readonly PerturbationName[]; aims: Partial<Record<PerturbationName, Aim>> },
  redactor: SecretRedactor,
  variables: { accountId: string; depositProductId: string },
  watched?: { activity: RecorderActivity; port?: number },
): Promise<ServedApi> {
  redactor.add(target.token?.value);
  const port = watched?.port;
  const proxy = await UpstreamProxy.start({
    upstream: target.baseUrl.replace(/\/+$/, ''),
    redactor,
    ...(plan.length > 0 ? { bender: new ProxiedPlanBender(plan, aims) } : {}),
    ...(watched ? { activity: watched.activity } : {}),
    ...(port === undefined ? {} : { port }),
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code ? new SetupError(`client: cannot serve on 127.0.0.1:${port ?? 0}: ${error.code}`) : error;
  });
  const stateUnread = `the target at ${target.baseUrl} is not the embedded emulator, and the suite asks it nothing of its own`;
  return {
    baseUrl: proxy.url(),
    ...(target.token ? { token: target.token.value } : {}),
    tokenHint: target.token
      ? { variable: target.token.variable }
      : { none: `the manifest names no token variable: your client brings its own credentials` },
    fixtures: Object.fromEntries(
      (['accountId', 'depositProductId'] as const).flatMap((name) => {
        const id = target.fixtures[name];
        return id === undefined ? [] : [[variables[name], id]];
      }),
    ),
    unavailable: unavailableThroughProxy(plan),
    stateUnread,
    requests: () => proxy.requests(),
    webhooks: () => Promise.resolve(createdWebhooks(proxy.requests())),
    settle: () => Promise.resolve(),
    leftBehind: () => Promise.resolve(undefined),
    targetProblems: () => proxy.upstreamProblems,
    close: async () => {
      proxy.stop();
      await proxy.close();
    },
  };
}

interface WebhookAttributes {
  url?: unknown;
  token?: unknown;
  contentType?: unknown;
  deliveryMode?: unknown;
  includeResources?: unknown;
}

const attributesOf = (text: string | undefined): WebhookAttributes => {
  try {
    return ((JSON.parse(text ?? '') as { data?: { attributes?: WebhookAttributes } }).data?.attributes ?? {}) as WebhookAttributes;
  } catch {
    return {};
  }
};

/** `value` where it is one of `values`, else the first of them. */
const oneOf = <T extends string>(values: readonly T[], value: unknown): T =>
  (values as readonly unknown[]).includes(value) ? (value as T) : values[0]!;

/**
 * The webhooks the client created (each create the target answered 2xx), with what the target answered of each: its
 * attributes where returned (2.6), else the create's own; where neither says, as readWebhooks (client/clientWebhooks.ts) takes them.
 */
export function createdWebhooks(requests: readonly RecordedRequest[]): ClientWebhook[] {
  return requests.flatMap((recorded) => {
    const made = (recorded.status ?? 0) >= 200 && (recorded.status ?? 0) < 300;
    if (!made || operationOf(recorded.method, recorded.target.split('?')[0] ?? '/') !== 'webhook.create') return [];
    const answered = attributesOf(recorded.answerBody);
    const sent = attributesOf(recorded.body.toString('utf8'));
    const pick = (name: keyof WebhookAttributes) => answered[name] ?? sent[name];
    const url = pick('url');
    if (typeof url !== 'string') return [];
    const token = [answered.token, sent.token].find((value) => typeof value === 'string' && value !== '');
    return [
      {
        url,
        token: typeof token === 'string' ? token : '',
        contentType: oneOf(CONTENT_TYPES, pick('contentType')),
        deliveryMode: oneOf(DELIVERY_MODES, pick('deliveryMode')),
        includeResources: pick('includeResources') === true,
      },
    ];
  });
}
