import { existsSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { fileURLToPath } from 'node:url';
import { PAYMENT_TYPES as OPT_IN_TYPES, type PaymentType as OptInType } from '../spec/positivePay.ts';
import { SCOPES } from '../spec/scopes.ts';
import { PUBLISHED_SCHEMA_ID_BASE } from '../harness/schemaRegistry.ts';
import { CAPABILITIES } from '../harness/requirementCatalogue.ts';
import { SetupError, type TargetManifestFile, validateManifest } from '../harness/targetManifest.ts';

// `banking-api-conformance init`: writes a target manifest for a vendor sandbox.
// On a terminal it asks each question the flags did not answer (Enter keeps the
// default); otherwise, or with --yes, it takes the flags and the defaults. The
// manifest names its schema in the installed package, so an editor completes and
// checks it (every member is described there), and it is validated before it is written.

export interface InitOptions {
  output: string;
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

type Answers = Required<Omit<InitOptions, 'output' | 'yes' | 'force' | 'token'>> & { token: string };

const SCHEMA_FILE = fileURLToPath(new URL('../schemas/harness/target-manifest.schema.json', import.meta.url));
const NONE = 'none';

/** The questions, in the order asked: what each answer is for and its default. */
const QUESTIONS: ReadonlyArray<{ key: keyof Answers; ask: string; default: string }> = [
  { key: 'name', ask: 'Name of the target', default: 'vendor sandbox' },
  { key: 'baseUrl', ask: 'Base URL of the API', default: 'http://127.0.0.1:8080' },
  { key: 'environment', ask: 'Environment (sandbox or live)', default: 'sandbox' },
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
export function manifestOf(answers: Answers, schemaReference: string): TargetManifestFile & { $schema: string } {
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
    $schema: schemaReference,
    name: answers.name,
    baseUrl: answers.baseUrl.replace(/\/+$/, ''),
    environment: answers.environment as TargetManifestFile['environment'],
    capabilities: list(answers.capabilities) as TargetManifestFile['capabilities'],
    tokens: tokensOf(answers.token),
    ...(Object.keys(fixtures).length > 0 ? { fixtures } : {}),
    ...(publicUrl ? { webhookSink: { publicUrl } } : {}),
  };
}

/**
 * The schema as an editor finds it from the manifest's folder: ./node_modules/banking-api-conformance/schemas/...
 * once installed. A manifest outside the package's project (a global install, the runner image's /data)
 * names the schema's $id, where the published package serves it.
 */
export function schemaReferenceFrom(manifestPath: string): string {
  const path = relative(dirname(resolve(manifestPath)), SCHEMA_FILE)
    .split(sep)
    .join('/');
  if (path.startsWith('../')) return `${PUBLISHED_SCHEMA_ID_BASE}harness/target-manifest.schema.json`;
  return `./${path}`;
}

function fromFlags(options: InitOptions): Partial<Answers> {
  const { token, ...rest } = options;
  const flags: Partial<Answers> = Object.fromEntries(
    Object.entries(rest).filter(([key, value]) => typeof value === 'string' && QUESTIONS.some((q) => q.key === key)),
  );
  return token?.length ? { ...flags, token: token.join(' ') } : flags;
}

async function answersFor(options: InitOptions, interactive: boolean, write: (text: string) => void): Promise<Answers> {
  const answers: Partial<Answers> = fromFlags(options);
  const prompt = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  try {
    for (const question of QUESTIONS) {
      if (answers[question.key] !== undefined) continue;
      const reply = prompt ? (await prompt.question(`${question.ask} [${question.default}]: `)).trim() : '';
      answers[question.key] = reply === '' ? question.default : reply;
    }
  } finally {
    prompt?.close();
  }
  if (!interactive && !options.yes) write('Not a terminal: took the flags given and the defaults for the rest (--help lists them).');
  return answers as Answers;
}

export async function initCommand(options: InitOptions, write: (text: string) => void): Promise<number> {
  const output = resolve(options.output);
  if (existsSync(output) && !options.force)
    throw new SetupError(`init: ${options.output} exists; choose another --output or add --force to replace it`);
  const interactive = !options.yes && process.stdin.isTTY === true && process.stdout.isTTY === true;
  const manifest = manifestOf(await answersFor(options, interactive, write), schemaReferenceFrom(output));
  validateManifest(manifest, options.output);
  writeFileSync(output, `${JSON.stringify(manifest, null, 2)}\n`);
  write(`Wrote ${options.output} (checked against ${manifest.$schema}).`);
  for (const token of manifest.tokens ?? []) write(`  export ${token.env}=...   # a token with: ${token.scopes.join(' ') || 'no scope'}`);
  const shown = relative(process.cwd(), output);
  write(`Next: npx banking-api-conformance run --target ${shown.startsWith('..') ? output : shown}`);
  return 0;
}
