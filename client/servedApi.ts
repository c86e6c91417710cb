import type { RecordedRequest } from './recordedRequest.ts';
import type { ClientWebhook } from './clientWebhooks.ts';
import type { PerturbationName } from './perturbations.ts';
import type { LeftBehind, ScopesOf } from './requestJudge.ts';

// What the client calls during a client run, whichever it is: the embedded emulator with the recorder
// inside its server (client/embeddedServing.ts), or a proxy in front of a manifest's target
// (client/targetServing.ts). The subject (client/clientSubject.ts) runs the client against it and
// reads back what it recorded; the judges never know which it was, beyond what it could not read.

export interface ServedApi {
  /** Where the client is told to call: BANKING_API_BASE_URL. */
  readonly baseUrl: string;
  /** The token the client is given (BANKING_API_TOKEN); absent where there is none to give. */
  readonly token?: string;
  /** How a client started elsewhere gets a token: the command that mints one, or the variable that holds it. Never a token. */
  readonly tokenHint: { mintToken: { method: string; url: string } } | { variable: string } | { none: string };
  /** The fixture ids, by the variable the client is given them in. */
  readonly fixtures: Record<string, string>;
  /** Why the planned perturbations not made here were not. */
  readonly unavailable: Partial<Record<PerturbationName, string>>;
  /** Why what was called cannot be read back (the scopes each token held, what was left live); absent where it can. */
  readonly stateUnread?: string;
  /** Every recorded request, in the order they arrived. */
  requests(): readonly RecordedRequest[];
  /** The scopes a token held, where the served API can tell. */
  scopesOf?: ScopesOf;
  /** The webhooks the client created, each with what its receiver is judged by. */
  webhooks(): Promise<ClientWebhook[]>;
  /** Once the client is done: the perturbations' last facts, read before anything closes. */
  settle(): Promise<void>;
  /** What the client left live; undefined where it cannot be read. */
  leftBehind(): Promise<LeftBehind | undefined>;
  /** What the target did not answer (the proxy answered 502 instead): the target's problem, said as such, never the client's. */
  targetProblems(): readonly string[];
  /** Records nothing more, and closes what was started. */
  close(): Promise<void>;
}
