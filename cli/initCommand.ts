import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { PAYMENT_TYPES as OPT_IN_TYPES, type PaymentType as OptInType } from '../contract/facts/positivePay.ts';
import { ENVIRONMENTS } from '../contract/facts/environments.ts';
import { SCOPES } from '../contract/facts/scopes.ts';
import { CAPABILITIES } from '../contract/catalogue/requirementCatalogue.ts';
import { EMULATOR_MANIFEST_PATH, type TargetManifestFile, validateManifest } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { EmulatorConnection, ToolError } from '../emulator/tools/emulatorConnection.ts';
import { nextLine, SUGGESTIONS } from './suggestions.ts';

// `banking-api-conformance init`: the way in. It first asks what to run against:
// the embedded reference emulator (no manifest needed), an emulator already
// running at a URL, or a vendor sandbox; then, for a URL, writes the target
// manifest. On a terminal it asks each question the flags did not answer (Enter
// keeps the default); otherwise, or with --yes, it takes the flags and the
// defaults. The manifest names its schema in the installed package where the
// manifest's folder reaches it, so an editor completes and checks it, and it is
// validated before it is written. The command it prints last works as printed.

export const TARGET_KINDS = ['embedded', 'emulator', 'sandbox'] as const;
type TargetKind = (typeof TARGET_KINDS)[number];

export interface InitOptions {
  output: string;
  kind?: string;
  yes?: boolean;
  force?: boolean;
  name?: string;
  baseUrl?: string;
  environment?: string;
  capabilities?: string;
  token?: string[];
  accountId?: string;
  depositProductId?: string;
  accountOptIn?: string;
  depositProductOptIn?: string;
  sinkPublicUrl?: string;
}

type Answers = Required<Omit<InitOptions, 'output' | 'yes' | 'force' | 'token' | 'kind'>> & { token: string };

const SCHEMA_FILE = fileURLToPath(new URL('../schemas/harness/target-manifest.schema.json', import.meta.url));
const NONE = 'none';

const KIND_QUESTION =
  "Run against: embedded (the reference emulator inside this package), emulator (one already running at a URL) or sandbox (your vendor's)";

type Question = { key: keyof Answers; ask: string; default: string };

/** What an emulator at a URL is asked: where it listens and its environment; it has every capability. */
const EMULATOR_QUESTIONS: readonly Question[] = [
  { key: 'baseUrl', ask: 'Base URL of the emulator', default: 'http://127.0.0.1:8080' },
  { key: 'environment', ask: `Environment (${ENVIRONMENTS.join(' or ')})`, default: 'sandbox' },
];

/** The questions about a vendor sandbox, in the order asked: what each answer is for and its default. */
const SANDBOX_QUESTIONS: readonly Question[] = [
  { key: 'name', ask: 'Name of the target', default: 'vendor sandbox' },
  { key: 'baseUrl', ask: 'Base URL of the API', default: 'http://127.0.0.1:8080' },
  { key: 'environment', ask: `Environment (${ENVIRONMENTS.join(' or ')})`, default: 'sandbox' },
  { key: 'capabilities', ask: `Capabilities the target really has, comma-separated (${CAPABILITIES.join(', ')})`, default: 'core' },
  {
    key: 'token',
    ask: 'Token variables and their scopes, ENV=scope,scope separated by spaces (no scopes listed: every scope)',
    default: 'BANKING_API_TOKEN',
  },
  { key: 'accountId', ask: `Fixture account id the suite may create rules on (${NONE}: leave out)`, default: NONE },
  { key: 'depositProductId', ask: `Its deposit product id (${NONE}: leave out)`, default: NONE },
  {
    key: 'accountOptIn',
    ask: `The account's positive pay opt-in as it stands now (${OPT_IN_TYPES.join(', ')}; [] for none; ${NONE}: undeclared)`,
    default: NONE,
  },
  {
    key: 'depositProductOptIn',
    ask: `The deposit product's default opt-in as it stands now ([] for none; ${NONE}: undeclared)`,
    default: NONE,
  },
  {
    key: 'sinkPublicUrl',
    ask: `Public URL at which the target reaches the webhook sink, e.g. a tunnel (${NONE}: leave out)`,
    default: NONE,
  },
];

const list = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const given = (text: string): string | undefined => (text.trim() === '' || text.trim() === NONE ? undefined : text.trim());

function tokensOf(text: string): NonNullable<TargetManifestFile['tokens']> {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [env = '', scopes] = entry.split('=', 2);
      return { env, scopes: (scopes === undefined ? [...SCOPES] : list(scopes)) as (typeof SCOPES)[number][] };
    });
}

function optInOf(text: string): OptInType[] | undefined {
  const value = given(text);
  if (value === undefined) return undefined;
  return (value === '[]' ? [] : list(value)) as OptInType[];
}

/** A manifest from the answers: only what was given, in the order the schema lists it. */
export function manifestOf(answers: Answers): TargetManifestFile {
  const fixtures = Object.fromEntries(
    Object.entries({
      accountId: given(answers.accountId),
      depositProductId: given(answers.depositProductId),
      accountOptIn: optInOf(answers.accountOptIn),
      depositProductOptIn: optInOf(answers.depositProductOptIn),
    }).filter(([, value]) => value !== undefined),
  );
  const publicUrl = given(answers.sinkPublicUrl);
  return {
    name: answers.name,
    baseUrl: answers.baseUrl.replace(/\/+$/, ''),
    environment: answers.environment as TargetManifestFile['environment'],
    capabilities: list(answers.capabilities) as TargetManifestFile['capabilities'],
    tokens: tokensOf(answers.token),
    ...(Object.keys(fixtures).length > 0 ? { fixtures } : {}),
    ...(publicUrl ? { webhookSink: { publicUrl } } : {}),
  };
}

/** An emulator at a URL: the embedded emulator's manifest (targets/emulator.json), moved there. */
export function emulatorManifestOf(answers: Pick<Answers, 'baseUrl' | 'environment'>): TargetManifestFile {
  const { $schema: _schema, ...embedded } = JSON.parse(readFileSync(EMULATOR_MANIFEST_PATH, 'utf8')) as TargetManifestFile & {
    $schema?: string;
  };
  return {
    ...embedded,
    name: `emulator at ${answers.baseUrl}`,
    baseUrl: answers.baseUrl.replace(/\/+$/, ''),
    environment: answers.environment as TargetManifestFile['environment'],
  };
}

/**
 * The schema as an editor finds it from the manifest's folder: ./node_modules/banking-api-conformance/schemas/...
 * once installed. Where the manifest's folder does not reach the installed package (a global install, npx's
 * cache, the runner image's /data) there is no file to name, and the manifest names none.
 */
export function schemaReferenceFrom(manifestPath: string): string | undefined {
  const path = relative(dirname(resolve(manifestPath)), SCHEMA_FILE)
    .split(sep)
    .join('/');
  return path.startsWith('../') ? undefined : `./${path}`;
}

/** The flags that describe a target at a URL: given any, the kind is not the embedded emulator. */
const DESCRIBING_FLAGS: readonly (keyof InitOptions)[] = [...SANDBOX_QUESTIONS.map((question) => question.key), 'token'];

function fromFlags(options: InitOptions, questions: readonly Question[]): Partial<Answers> {
  const { token, ...rest } = options;
  const flags: Partial<Answers> = Object.fromEntries(
    Object.entries(rest).filter(([key, value]) => typeof value === 'string' && questions.some((q) => q.key === key)),
  );
  return token?.length ? { ...flags, token: token.join(' ') } : flags;
}

type Ask = (question: string, fallback: string) => Promise<string>;

function kindOf(text: string): TargetKind {
  if (!(TARGET_KINDS as readonly string[]).includes(text))
    throw new SetupError(`init: --kind must be one of ${TARGET_KINDS.join(', ')}; got '${text}'`);
  return text as TargetKind;
}

async function kindFor(options: InitOptions, ask: Ask): Promise<TargetKind> {
  if (options.kind !== undefined) return kindOf(options.kind);
  const describes = DESCRIBING_FLAGS.some((key) => options[key] !== undefined);
  return kindOf(await ask(KIND_QUESTION, describes ? 'sandbox' : 'embedded'));
}

async function answersFor(options: InitOptions, questions: readonly Question[], ask: Ask): Promise<Answers> {
  const answers: Partial<Answers> = fromFlags(options, questions);
  for (const question of questions) {
    if (answers[question.key] === undefined) answers[question.key] = await ask(question.ask, question.default);
  }
  return answers as Answers;
}

/** Writes the manifest after checking it against the package's own schema file, and says which file that was. */
function writeManifest(options: InitOptions, manifest: TargetManifestFile, write: (text: string) => void): string {
  const output = resolve(options.output);
  if (existsSync(output) && !options.force)
    throw new SetupError(`init: ${options.output} exists; choose another --output or add --force to replace it`);
  const schema = schemaReferenceFrom(output);
  const written = schema ? { $schema: schema, ...manifest } : manifest;
  validateManifest(written, options.output);
  writeFileSync(output, `${JSON.stringify(written, null, 2)}\n`);
  const named = schema ? `its $schema is ${schema}` : 'it names no $schema, since no installed package is reachable from its folder';
  write(`Wrote ${options.output}, checked against ${SCHEMA_FILE}; ${named}.`);
  const shown = relative(process.cwd(), output);
  return shown.startsWith('..') ? output : shown;
}

/**
 * Whether an emulator answers at the URL init was given: true, false when nothing listens there
 * (yet); something else answering there is no emulator, and refused before a manifest claims it is.
 */
async function emulatorAnswers(baseUrl: string): Promise<boolean> {
  const connection = new EmulatorConnection(baseUrl);
  try {
    await connection.checkReachable();
    return true;
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    if (error.message.startsWith('no emulator answers')) return false;
    throw new SetupError(`init --kind emulator: ${error.message}; for another API use --kind sandbox`, { cause: error });
  }
}

/** The command that starts an emulator at the URL: the URL's own port. */
function startCommandFor(baseUrl: string): string {
  const url = new URL(baseUrl);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return SUGGESTIONS.startEmulator(port);
}

export async function initCommand(options: InitOptions, write: (text: string) => void): Promise<number> {
  const interactive = !options.yes && process.stdin.isTTY === true && process.stdout.isTTY === true;
  const prompt = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  const ask: Ask = async (question, fallback) => (prompt ? (await prompt.question(`${question} [${fallback}]: `)).trim() : '') || fallback;
  try {
    const kind = await kindFor(options, ask);
    // A sandbox's URL is the user's to give: a default would be a guess that the printed run then fails on.
    if (kind === 'sandbox' && !interactive && options.baseUrl === undefined)
      throw new SetupError(
        `init --kind sandbox: give your sandbox's URL with --base-url (${process.stdin.isTTY === true && process.stdout.isTTY === true ? 'or leave out --yes to be asked' : 'not a terminal, so nothing is asked'})`,
      );
    if (!interactive && !options.yes) write('Not a terminal: took the flags given and the defaults for the rest (--help lists them).');
    if (kind === 'embedded') {
      write('The embedded reference emulator needs no manifest: run starts it when no target is given.');
      write(nextLine(SUGGESTIONS.runEmbedded()));
      return 0;
    }
    if (kind === 'emulator') {
      const answers = await answersFor(options, EMULATOR_QUESTIONS, ask);
      const running = await emulatorAnswers(answers.baseUrl);
      const path = writeManifest(options, emulatorManifestOf(answers), write);
      if (running) {
        write(`An emulator answers at ${answers.baseUrl}.`);
        write(nextLine(SUGGESTIONS.runTarget(path)));
        return 0;
      }
      write(`Nothing answers at ${answers.baseUrl} yet: start the emulator there first (${startCommandFor(answers.baseUrl)}).`);
      write(nextLine(SUGGESTIONS.runTargetOnceStarted(path)));
      return 0;
    }
    const manifest = manifestOf(await answersFor(options, SANDBOX_QUESTIONS, ask));
    const path = writeManifest(options, manifest, write);
    for (const token of manifest.tokens ?? []) write(`  export ${token.env}=...   # a token with: ${token.scopes.join(' ') || 'no scope'}`);
    write(nextLine(SUGGESTIONS.runTarget(path)));
    return 0;
  } finally {
    prompt?.close();
  }
}
