// A message that tells a user which option to change names the option as the command line spells
// it, and only cli/ knows that spelling (cli/commandLineText.ts: OPTION_WORDS, one line each). Past
// cli/ a message takes the spelling from these words, handed down with the command's values; where
// no command line started the run (the vitest face, a test's own session) none are handed down, and
// the message names what the user sets instead (a manifest's field).

/** The options a message outside cli/ may point a user to, each as the command line spells it. */
export interface OptionWords {
  /** run: lets heavy probes run against any target. */
  heavyProbes: string;
  /** run: the address the target delivers webhooks to. */
  sinkPublicUrl: string;
  /** run: the target manifest file. */
  target: string;
  /** run: the base URL of a running target. */
  baseUrl: string;
  /** run: a seeded fault or tolerated variation of the embedded emulator. */
  emulatorFault: string;
  /** verify: the public key file. */
  key: string;
  /** verify: the digest the certificate must be about. */
  subject: string;
  /** verify: the date the certificate is checked at. */
  at: string;
  /** verify: the results.json the certificate names. */
  results: string;
  /** verify: the evidence.har the certificate names. */
  evidence: string;
  /** receiver: the address the receiver takes deliveries at. */
  url: string;
  /** receiver: the variable holding the token the webhook was created with. */
  tokenEnv: string;
  /** receiver: the webhook's delivery mode. */
  deliveryMode: string;
  /** receiver: the effects probe. */
  effects: string;
  /** receiver: the longest the effects probe is read for. */
  effectsPatience: string;
}
