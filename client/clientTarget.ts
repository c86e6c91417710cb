// A target of a manifest as the client command is handed it (cli/clientValues.ts, client --target): values,
// never the text typed; served to the client by client/targetServing.ts. A module of its own, importing
// nothing, so that the command line's values reach no judgement through it.

export interface ClientTarget {
  /** The manifest's name, as the lines say it. */
  name: string;
  /** The target's base URL, a path prefix and all. */
  baseUrl: string;
  /** The token of the manifest's token variable that carries every scope; absent where the manifest names none. */
  token?: { variable: string; value: string };
  /** The manifest's fixture ids, where it names them. */
  fixtures: { accountId?: string; depositProductId?: string };
}
