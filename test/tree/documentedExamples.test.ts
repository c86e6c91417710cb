import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import { runCompositeAction } from '../action/compositeAction.ts';
import { validateWorkflowFile } from '../action/workflowValidator.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { fencedBlocks } from './markdownBlocks.ts';

// Every fenced example of README.md and docs/ works as printed. Each shell command is run here,
// in a scratch folder, as a user runs it from a project that installed the package: `npx
// banking-api-conformance` and `npx banking-api-emulator` are this checkout's bin/ scripts, an
// emulator started by an example runs in the background until its block ends, and the port
// 8080 the pages use is a free one (8080 itself may be anyone's on this machine). The action
// example runs through the action's own steps; JSON and YAML examples are parsed and
// validated. A command that cannot run here is in NOT_RUN with the reason, so a new example
// is never silently unrun; docs/ci/'s workflows are held by test/action/ciExamples.test.ts.

const PAGES = [
  'README.md',
  ...readdirSync(join(PROJECT_ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`)
    .sort(),
];
const SHELL = ['sh', 'bash'];

/** Commands that are not run, each with why, by their text (comments and line continuations removed). */
const NOT_RUN: Record<string, string> = {
  'git clone https://github.com/OWNER/banking-api-conformance.git':
    "clones from GitHub: test/distribution/install/readmeSetup.test.ts runs the README's set-up block in a clone of this checkout",
  'cd banking-api-conformance': "the README's set-up block: test/distribution/install/readmeSetup.test.ts runs it in a fresh clone",
  'npm ci': "the README's set-up block: test/distribution/install/readmeSetup.test.ts runs it in a fresh clone",
  'npm run conformance': "the README's set-up block: test/distribution/install/readmeSetup.test.ts runs it in a fresh clone",
  'npm test': "the project's own tests: .github/workflows/ci.yml runs them after npm ci on a fresh checkout",
  'npm install --save-dev banking-api-conformance':
    'installs from the registry: test/distribution/install/registryInstall.test.ts runs it and the run after it, letter for letter, against a local registry',
  'npx banking-api-conformance run':
    'the whole suite: run as printed by test/distribution/install/registryInstall.test.ts; here as init prints it, narrowed (below)',
  'npm ci && npm run runner:image': 'builds the runner image with Docker: test/distribution/images/runnerImage.test.ts builds it',
  'docker run --rm --network host -v "$PWD":/data -e BANKING_API_TOKEN banking-api-conformance:local run --target /data/sandbox.json --report-dir /data/reports':
    'Docker and a vendor sandbox',
  'npx banking-api-conformance init --kind emulator --yes':
    'probes the default http://127.0.0.1:8080, a port this test does not take; with --base-url, init and its printed command are run below',
  'npx banking-api-conformance init --kind sandbox': 'asks for a vendor sandbox: its URL, tokens and fixtures',
  'npx banking-api-conformance run --target banking-api-target.json':
    "a vendor sandbox and its token; the same command against an emulator is init --kind emulator's printed one, run below",
  'npx banking-api-conformance run -t banking-api-target.json -o auth,webhooks': 'a vendor sandbox and its token',
  'npx banking-api-conformance run -t banking-api-target.json --wait-for-target 60': 'a vendor sandbox and its token',
  'npx banking-api-conformance receiver --url http://127.0.0.1:3000/webhooks/banking --token-env MY_WEBHOOK_TOKEN --delivery-mode AtLeastOnce --content-type JsonAPI --effects http://127.0.0.1:3000/test/effects':
    "the reader's own receiver at :3000; the reference receiver's run is below",
  'npx banking-api-conformance receiver --url http://127.0.0.1:3000/webhooks/banking --token-env MY_WEBHOOK_TOKEN --delivery-mode AtLeastOnce --content-type JsonAPI --include-resources --effects http://127.0.0.1:3000/test/effects':
    "the reader's own receiver at :3000",
  'npx banking-api-conformance receiver --url http://127.0.0.1:3000/webhooks/banking --token-env MY_WEBHOOK_TOKEN --delivery-mode AtMostOnce':
    "the reader's own receiver at :3000",
  'npm install --save-dev tsx':
    "installs from the registry: the `npx tsx` after it is this checkout's tsx, as the project has it once installed",
  'npm run emulator:image': "builds the emulator's image with Docker: test/distribution/images/ builds it",
  'npx banking-api-conformance run --target-image banking-api-emulator:local': 'Docker: test/distribution/images/ runs it',
  'npx banking-api-conformance run --certify --target-image banking-api-emulator:local --signing-key signing-key.pem': 'Docker',
  'npx banking-api-conformance run --target-image banking-api-emulator:local --target-env BANKING_EMULATOR_FAULTS=scope-not-checked-on-list --only auth':
    'Docker: test/distribution/images/ runs an image with a fault',
  'npx banking-api-conformance run --target-image ghcr.io/you/your-emulator:1.2 --target-port 3000 --target-env LOG_LEVEL=debug --target-manifest targets/your-image.json':
    "Docker and someone else's image",
  'npx banking-api-conformance run --certify --target-image ghcr.io/you/emu:1.2 --signing-key signing-key.pem --valid-days 90':
    "Docker and someone else's image",
  'gh attestation verify oci://ghcr.io/you/emu@sha256:<registry digest> --owner you --predicate-type https://github.com/OWNER/banking-api-conformance/certificate/v1':
    "GitHub's attestations of a published image",
  'npm ci && npm test': "the project's own tests: .github/workflows/ci.yml runs them",
  'npm run format': "rewrites the checkout's files (npm test checks the format)",
  'npm run bench': 'the benchmarks, minutes long (docs/performance.md)',
  'npx banking-api-conformance run --target vendor-sandbox.json --report-dir vendor': 'a vendor sandbox',
  'npx banking-api-emulator --calibrate vendor/results.json --port 8080': "the vendor run's results (the line before)",
  'npx banking-api-conformance run --base-url http://127.0.0.1:8080 --report-dir local':
    'a whole run against the calibrated emulator (test/run/calibrationLoop.test.ts runs the loop)',
  'npx banking-api-conformance compare --observed vendor local --report-dir parity': 'the two runs before',
  'npx banking-api-conformance run --target node_modules/banking-api-conformance/targets/emulator-vendor-like.json --wait-for-target 30':
    'a whole run against the slow, throttled vendor-like profile: test/proofs/vendorLikeDelivery.test.ts and the soak tests run it',
  'npx banking-api-emulator deliveries --follow': 'follows until Ctrl-C',
  'npx banking-api-conformance run --emulator-fault check-tolerance-101': 'a whole run with a fault: the kill matrix runs each fault',
  'npx banking-api-conformance run --base-url http://127.0.0.1:8080 --seed 1933787282 --schedule-seed 7':
    'a whole run under a schedule seed: test/proofs/soak/scheduleSeeds.test.ts runs them',
  'npx banking-api-conformance report':
    "a run's allure-results first: test/distribution/install/packedPackage.test.ts runs report after a run",
  'npx banking-api-conformance report --report-dir out': "a run's allure-results first",
  'npx allure open reports/allure-report': 'serves the report until stopped',
  'npx banking-api-conformance run --shard 2/4 --report-dir out/2':
    'a quarter of a whole run; test/report/scenarioShard.test.ts runs shards, test/verdict/resultsMerge.test.ts merges them',
  'npx banking-api-conformance merge out/1 out/2 out/3 out/4 --report-dir reports': 'the four shards before',
  'npx banking-api-conformance merge out/1 out/2 --report-dir reports': "shards' report directories",
  'npx banking-api-conformance client -- python3 my_client.py':
    "the reader's own script: test/proofs/clientKillMatrix.test.ts judges a Python client this way",
  'npx banking-api-conformance client --wait --idle 5':
    'waits for a client started elsewhere: test/client/clientWait.test.ts starts one from what it prints',
};
/** Placeholders a reader fills in (`[--target FILE]`, `<image id>`, `...`): a synopsis, not a command. */
const PLACEHOLDER = /\[[^\]]*\]|<[^>]+>|=\.\.\.(\s|$)/;
/** Commands that exit non-zero as documented. */
const EXPECTED_EXIT: Record<string, number> = {};

interface Example {
  page: string;
  line: number;
  language: string;
  content: string;
}

const examples: Example[] = PAGES.flatMap((page) =>
  fencedBlocks(readFileSync(join(PROJECT_ROOT, page), 'utf8')).map((block) => ({ page, ...block })),
);

/**
 * A shell block's commands, as bash reads them: a line continued by `\\` or by an open quote goes on,
 * a `#` after a space outside quotes starts a comment. Runs of whitespace are one space.
 */
function shellCommands(content: string): string[] {
  const commands: string[] = [];
  let current = '';
  let quote: string | undefined;
  let comment = false;
  for (let index = 0; index < content.length; index += 1) {
    const char = content[index] as string;
    if (comment) {
      if (char === '\n') comment = false;
      else continue;
    }
    if (quote) {
      if (char === quote) quote = undefined;
      current += char;
    } else if (char === '\\' && content[index + 1] === '\n') index += 1;
    else if (char === '\n') {
      commands.push(current);
      current = '';
    } else if (char === '#' && (current === '' || /\s$/.test(current))) comment = true;
    else {
      if (char === "'" || char === '"') quote = char;
      current += char;
    }
  }
  commands.push(current);
  return commands.map((command) => command.trim().replace(/\s+/g, ' ')).filter((command) => command !== '');
}

const notRunReason = (command: string): string | undefined =>
  NOT_RUN[command] ?? (PLACEHOLDER.test(command) ? 'a synopsis: its placeholders stand for values' : undefined);

/** A free loopback port, for an example's 8080. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

// npx as the examples use it, mapped to this checkout; an emulator start goes to the background
// (replacing one the block started before: the pages give alternatives) and returns once it answers.
const PRELUDE = String.raw`
set -e
emulator_pid=
stop_emulator() { if [ -n "$emulator_pid" ]; then kill "$emulator_pid" 2>/dev/null || true; wait "$emulator_pid" 2>/dev/null || true; emulator_pid=; fi; }
background_pids=
# Each background command is a process group of its own (npx, tsx and node under it): ended whole.
stop_background() { for pid in $background_pids; do kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true; done; }
trap 'stop_emulator; stop_background' EXIT
# Until PORT answers, while PID lives (its LOG shown if it ends first): what, PORT, PID, LOG.
answers_on() {
  for _ in $(seq 1 600); do
    command curl -s -o /dev/null "http://127.0.0.1:$2/" && return 0
    kill -0 "$3" 2>/dev/null || { cat "$4" >&2; return 1; }
    sleep 0.1
  done
  echo "$1 did not answer on $2" >&2; return 1
}
# A command the page runs with & (a receiver): in the background until the block ends, once it answers on its port.
in_background() {
  set -m
  eval "$2" > background.log 2>&1 &
  set +m
  background_pids="$background_pids $!"
  answers_on 'the background command' "$1" $! background.log
}
start_emulator() {
  stop_emulator
  case " $* " in *" --port "*) ;; *) set -- "$@" --port "$EXAMPLE_PORT" ;; esac
  node "$EXAMPLE_ROOT/bin/banking-api-emulator.mjs" "$@" > emulator.log 2>&1 &
  emulator_pid=$!
  answers_on 'the emulator' "$EXAMPLE_PORT" "$emulator_pid" emulator.log
}
# An example's call that the emulator answers with an error fails, as a user would see it fail.
curl() { command curl --fail-with-body "$@"; }
npx() {
  case "$1" in
    banking-api-conformance) shift; node "$EXAMPLE_ROOT/bin/banking-api-conformance.mjs" "$@" ;;
    banking-api-emulator)
      shift
      case "$1" in
        trigger|deliveries)
          case " $* " in *" --url "*|*" --list "*) node "$EXAMPLE_ROOT/bin/banking-api-emulator.mjs" "$@" ;;
            *) node "$EXAMPLE_ROOT/bin/banking-api-emulator.mjs" "$@" --url "http://127.0.0.1:$EXAMPLE_PORT" ;; esac ;;
        --version|--help|--list-profiles) node "$EXAMPLE_ROOT/bin/banking-api-emulator.mjs" "$@" ;;
        *) start_emulator "$@" ;;
      esac ;;
    tsx) shift; node "$EXAMPLE_ROOT/node_modules/tsx/dist/cli.mjs" "$@" ;;
    *) echo "npx $1: not mapped to this checkout" >&2; return 127 ;;
  esac
}
`;

const startsEmulator = (command: string): boolean => /^npx banking-api-emulator(?! (trigger|deliveries|--version|--help))/.test(command);
/** A command written for an emulator already running at the pages' URL. */
const talksToEmulator = (command: string): boolean =>
  /\b8080\b/.test(command) || /^npx banking-api-emulator (trigger (?!--list)|deliveries)/.test(command);

interface BlockRun {
  code: number | null;
  output: string;
}

/**
 * The folder stands for where a reader types the pages' commands: a project that installed the package
 * (node_modules/banking-api-conformance/ holds the package's examples/ and targets/ as npm unpacks them:
 * copies, so a path through node_modules is run as it is there) and the root of a clone (its package.json,
 * which makes the examples' TypeScript ES modules, and examples/).
 */
function standInPackage(folder: string): void {
  const installed = join(folder, 'node_modules/banking-api-conformance');
  mkdirSync(installed, { recursive: true });
  for (const part of ['examples', 'targets', 'package.json']) cpSync(join(PROJECT_ROOT, part), join(installed, part), { recursive: true });
  for (const part of ['examples', 'package.json']) cpSync(join(PROJECT_ROOT, part), join(folder, part), { recursive: true });
}

/** Runs a block's runnable commands in order, in one bash, each announced; stops at the first that fails. */
async function runBlock(commands: string[], folder: string): Promise<BlockRun> {
  const port = await freePort();
  const secondPort = await freePort();
  standInPackage(folder);
  // A block that talks to an emulator without starting one is written for one already running.
  const needsEmulator = commands.some(talksToEmulator) && !commands.some(startsEmulator);
  const script = [
    PRELUDE,
    needsEmulator ? 'start_emulator' : '',
    ...commands.flatMap((command, index) => {
      const quoted = `'${command.replace(/'/g, `'\\''`)}'`;
      const expected = EXPECTED_EXIT[command] ?? 0;
      const ported = command.replace(/\b8080\b/g, '$EXAMPLE_PORT').replace(/\b8090\b/g, '$SECOND_PORT');
      // `VAR=value command ... &` is handed whole to in_background, which runs it (assignments and npx as bash has them).
      const background = ported.replace(/\s*&$/, '');
      const body = ported.endsWith('&')
        ? `in_background ${ported.includes('$SECOND_PORT') ? '$SECOND_PORT' : '$EXAMPLE_PORT'} '${background.replace(/'/g, `'\\''`)}'`
        : ported;
      return [
        `printf '+ %s\\n' ${quoted}`,
        `set +e; ${body}`,
        `code=$?; set -e; if [ "$code" != ${expected} ]; then echo "exit $code (expected ${expected}) from command ${index + 1}" >&2; exit 1; fi`,
      ];
    }),
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {
      cwd: folder,
      env: {
        ...process.env,
        EXAMPLE_ROOT: PROJECT_ROOT,
        EXAMPLE_PORT: String(port),
        SECOND_PORT: String(secondPort),
        MY_WEBHOOK_TOKEN: `example-${process.pid}-${port}`,
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'bac-examples-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const shellExamples = examples.filter((example) => SHELL.includes(example.language));

test('every example is of a kind this test runs or reads', () => {
  expect(examples.length).toBeGreaterThan(30);
  const kinds = new Set(examples.map((example) => example.language));
  // '' is what a page shows (output, a tree of modules), not something to run.
  expect([...kinds].filter((kind) => ![...SHELL, 'yaml', 'json', 'ts', ''].includes(kind))).toEqual([]);
});

test('NOT_RUN names only commands the pages print', () => {
  const printed = new Set(shellExamples.flatMap((example) => shellCommands(example.content)));
  expect(Object.keys(NOT_RUN).filter((command) => !printed.has(command))).toEqual([]);
});

const runnableOf = (example: Example): string[] => shellCommands(example.content).filter((command) => notRunReason(command) === undefined);
const runnableExamples = shellExamples.filter((example) => runnableOf(example).length > 0);

describe.each(runnableExamples.map((example) => [`${example.page}:${example.line}`, example] as const))('%s', (_, example) => {
  const runnable = runnableOf(example);
  test(`runs as printed: ${runnable.join(' ; ').slice(0, 160)}`, async () => {
    const folder = join(scratch, `${example.page.replace(/\W/g, '-')}-${example.line}`);
    mkdirSync(folder, { recursive: true });
    const ran = await runBlock(runnable, folder);
    expect(ran.code, ran.output.slice(-3000)).toBe(0);
    for (const command of runnable) expect(ran.output).toContain(`+ ${command}`);
  }, 180_000);
});

test.each(
  examples.filter((example) => example.language === 'json').map((example) => [`${example.page}:${example.line}`, example] as const),
)('%s: the JSON parses, as a document or as members of one', (_, example) => {
  // `{…}` is an object the page leaves out.
  const text = example.content.trim().replace(/\{…\}/g, '{}');
  const document = ((): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      return JSON.parse(`{${text}}`);
    }
  })();
  expect(document).toBeTypeOf('object');
});

describe('the action example', () => {
  const actionExamples = examples.filter((example) => example.language === 'yaml');
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(() => emulator.close());

  test('README.md and the CI guide show the same one', () => {
    expect(actionExamples.map((example) => example.page)).toEqual(['README.md', 'docs/ci-against-a-sandbox.md']);
    expect(new Set(actionExamples.map((example) => example.content)).size).toBe(1);
  });

  test('is a valid step of a workflow', async () => {
    const workflow = join(scratch, 'action-example.yml');
    const steps = (actionExamples[0] as Example).content.replace(/^/gm, '      ');
    writeFileSync(workflow, `name: example\non: push\njobs:\n  conformance:\n    runs-on: ubuntu-latest\n    steps:\n${steps}`);
    const { valid, report } = await validateWorkflowFile(workflow);
    expect(valid, report).toBe(true);
  });

  test("runs through the action's steps with its inputs: conformant on the areas it names", async () => {
    const [step] = parse((actionExamples[0] as Example).content) as Array<{ with: Record<string, string> }>;
    const inputs = step?.with as Record<string, string>;
    const workspace = join(scratch, 'action-workspace');
    mkdirSync(workspace);
    // The manifest it names: the reference emulator's, at an emulator of this test.
    const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'targets/emulator.json'), 'utf8'));
    writeFileSync(
      join(workspace, inputs.manifest as string),
      JSON.stringify({ ...manifest, $schema: join(PROJECT_ROOT, 'schemas/harness/target-manifest.schema.json'), baseUrl: emulator.url() }),
    );
    const run = await runCompositeAction(PROJECT_ROOT, inputs, workspace, { env: { NO_COLOR: '1' } });
    expect(run.failed, run.stdout.slice(-3000)).toBe(false);
    expect(run.outputs).toMatchObject({ verdict: 'conformant', 'exit-code': '0' });
    expect(run.stdout).not.toContain('is passed as one argument');
    expect(JSON.stringify(JSON.parse(readFileSync(run.outputs.results as string, 'utf8')).partial)).toMatch(/auth.*webhooks/);
  }, 600_000);
});

describe("init's printed next command runs as printed", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator({ port: 0 });
  });
  afterAll(() => emulator.close());

  test.each([
    ['--kind', 'embedded', '--yes'],
    ['--kind', 'emulator', '--base-url', 'EMULATOR', '--yes'],
  ])(
    'init %s %s …',
    async (...args) => {
      const folder = mkdtempSync(join(scratch, 'init-'));
      const init = await runBlock(
        [`npx banking-api-conformance init ${args.map((arg) => (arg === 'EMULATOR' ? emulator.url() : arg)).join(' ')}`],
        folder,
      );
      expect(init.code, init.output).toBe(0);
      const next = /^Next: (npx banking-api-conformance .*)$/m.exec(init.output)?.[1];
      expect(next, init.output).toBeDefined();
      // One area: a whole run is the registry install test's.
      const ran = await runBlock([`${next} --only auth --report-dir reports`], folder);
      expect(ran.code, ran.output.slice(-3000)).toBe(0);
      expect(ran.output).toContain('Verdict: CONFORMANT');
    },
    300_000,
  );
});
