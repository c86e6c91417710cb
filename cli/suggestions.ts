// Every command the CLI suggests a person run next, written once: the code that prints a "Next:",
// a hint, a replay or an install line takes its command from here. test/cli/printedSuggestions.test.ts
// runs each in the setting it is printed in (its table of settings is typed by SUGGESTIONS, so a new
// one does not compile without its setting), and finds a literal `npx `, `npm install` or `Next:`
// anywhere else in cli/. Words in capitals (NAME, PUBLIC.pem) stand for what the reader fills in.
// Light: cli/main.ts reads it for --help.

const CONFORMANCE = 'npx banking-api-conformance';
const EMULATOR = 'npx banking-api-emulator';

export const SUGGESTIONS = {
  /** init, embedded: the embedded emulator needs no manifest. */
  runEmbedded: () => `${CONFORMANCE} run`,
  /** init, a manifest written for a target that answers. */
  runTarget: (manifest: string) => `${CONFORMANCE} run --target ${manifest}`,
  /** init, an emulator URL where nothing answers yet: the run waits for the one started next. */
  runTargetOnceStarted: (manifest: string) => `${CONFORMANCE} run --target ${manifest} --wait-for-target 30`,
  /** init, an emulator URL where nothing answers yet: starting one there. */
  startEmulator: (port: string) => `${EMULATOR} --port ${port}`,
  /** run --emulator-fault with a target of one's own: the emulator started with the fault. */
  startEmulatorWithFault: () => `${EMULATOR} --fault NAME`,
  /** report, with no Allure results in the report directory yet. */
  runInto: (reportDir: string) => `${CONFORMANCE} run --report-dir ${reportDir}`,
  /** A run's Allure results, where `report` can build the HTML (the allure package resolves). */
  buildAllure: (reportDir: string) => `${CONFORMANCE} report --report-dir ${reportDir}`,
  /** A run's Allure results, where it cannot: the optional peer to install first. */
  installAllure: () => 'npm install --save-dev allure',
  /** report, once the HTML is built. */
  serveAllure: (reportOutput: string) => `npx allure open ${reportOutput}`,
  /** run --certify --signing-key: checking the signed certificate. */
  verifyCertificate: (envelope: string) => `${CONFORMANCE} verify ${envelope} --key PUBLIC.pem`,
  /** Each failure's replay: the command and the options that judge it again (cli/commandLineText.ts). */
  replay: (command: string, options: readonly string[]) => [CONFORMANCE, command, ...options].join(' '),
} as const;

export type SuggestionName = keyof typeof SUGGESTIONS;

/** The line a "Next:" suggestion is printed as. */
export const nextLine = (command: string): string => `Next: ${command}`;
