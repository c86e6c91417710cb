import { createServer, type Server } from 'node:http';
import { afterEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { UpstreamProxy } from '../../client/upstreamProxy.ts';
import { ProxiedPlanBender } from '../../client/proxiedPerturbations.ts';
import { CLIENT_ITEMS, judgeItem, readCalls } from '../../client/requestJudge.ts';
import { perturbationPlan } from '../../cli/clientValues.ts';

// A plan (as --plan takes it) bending through the proxy of client --target, in front of an upstream that
// answers every request 201 with a webhook and keeps what it received, for the tests of aimed perturbations.

export const JSON_API = 'application/vnd.api+json';

export interface ProxiedPlan {
  /** `METHOD /path` of each request the upstream received. */
  received: string[];
  proxy: UpstreamProxy;
  /** The outcome and message of each check of the item that judges `requirement`, from what the proxy recorded. */
  judged(requirement: string): Array<[string, string | undefined]>;
  close(): Promise<void>;
}

export async function proxiedPlan(text: string): Promise<ProxiedPlan> {
  const received: string[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on('end', () => {
      received.push(`${incoming.method} ${incoming.url}`);
      outgoing.writeHead(201, { 'content-type': JSON_API }).end(`{"data":{"type":"webhook","id":"${received.length}"}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { plan, aims } = perturbationPlan(text);
  const proxy = await UpstreamProxy.start({
    upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    redactor: new SecretRedactor(),
    bender: new ProxiedPlanBender(plan, aims),
  });
  return {
    received,
    proxy,
    judged: (requirement) => {
      const item = CLIENT_ITEMS.find((one) => one.requirements.includes(requirement))!;
      const calls = { ...readCalls(proxy.requests(), proxy.url(), new SecretRedactor()), plan };
      return judgeItem(item, calls, new SecretRedactor()).map((record) => [record.outcome, record.message]);
    },
    close: async () => {
      await proxy.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `proxiedPlan` for a test file: each plan's proxy and upstream closed after its test. */
export function proxiedPlans(): (text: string) => Promise<ProxiedPlan> {
  const started: ProxiedPlan[] = [];
  afterEach(async () => {
    for (const one of started.splice(0)) await one.close();
  });
  return async (text) => {
    const planned = await proxiedPlan(text);
    started.push(planned);
    return planned;
  };
}
