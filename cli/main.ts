import { Command, InvalidArgumentError } from 'commander';
import { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { exitForFailure, exitIfStalled, exitOnUncaughtError } from './failureExit.ts';
import { dropOutputOnceReaderCloses } from './closedReader.ts';
import { usageErrorLine } from './usageErrorLine.ts';
import { assertPathArguments } from './pathArguments.ts';
import { DEFAULT_REPORTERS, REPORTERS } from '../report/reporters.ts';
// Light modules only at the top: --version and --help load nothing else (bench/packedCliStart.bench.ts).
import { DEFAULT_IDLE_SECONDS } from '../client/quietWatch.ts';
import { SEEDED_CHANCES } from '../client/planCursor.ts';
import { AREAS } from '../harness/engine/areas.ts';
import { ENVIRONMENTS } from '../contract/facts/environments.ts';
import { CONTENT_TYPES, DELIVERY_MODES } from '../contract/facts/webhookAttributes.ts';
import { DEFAULT_EFFECTS_PATIENCE_MS } from '../receiver/receiverConfig.ts';
import { suiteVersion } from '../contract/catalogue/suiteVersion.ts';
import { AUTO_CEILING, AUTO_START, LOOPBACK_CONCURRENCY, NEAR_CALL_MS } from '../harness/targetIO/concurrency.ts';
import { SUGGESTIONS } from './suggestions.ts';
import { withJudgingOptions } from './judgingOptions.ts';

// banking-api-conformance: exit 0 conformant, 1 non-conformant, 2 setup error
// (one line saying what to fix, never a wall of failed tests). Each command's
// module is loaded when it runs: --help, --version and a usage error answer at once.

// The process's secrets (tokens, signing tokens) as the run learns them: what
// this command line writes or prints, a crash included, is masked with them.
const redactor = new SecretRedactor();

const program = new Command()
  .name('banking-api-conformance')
  .description('Conformance suite for the banking platform API (positive pay, webhooks, events, sandbox simulation).')
  .version(suiteVersion())
  .configureOutput({ outputError: (message, write) => write(`${usageErrorLine('banking-api-conformance', message)}\n`) })
  // Usage errors exit 2 like every setup error (exitForFailure), not commander's 1.
  .exitOverride()
  // --no-color is NO_COLOR for this process, which every styled output already follows (cli/terminalStyle.ts).
  .hook('preAction', (_program, command) => {
    if (command.opts().color === false) process.env.NO_COLOR = '1';
    // Every path given, checked before the command's work starts (one line, exit 2; never a hang).
    const argumentsByName = Object.fromEntries(
      command.registeredArguments.map((argument, index) => [argument.name(), command.processedArgs[index]]),
    );
    assertPathArguments(command.name(), { ...command.opts(), ...argumentsByName });
  });

const seconds = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number of seconds');
  return Number(value);
};

const url = (value: string): string => {
  if (!/^https?:\/\/\S+$/.test(value)) throw new InvalidArgumentError('must be an http(s) URL');
  return value;
};

withJudgingOptions(
  program.command('run'),
  `${REPORTERS.join(', ')}; default ${DEFAULT_REPORTERS.join(',')}; har: DIR/exchanges.har unless --har FILE`,
)
  .description('Run the suite against a target (by default the embedded reference emulator) and write DIR/results.json.')
  .option('-t, --target <file>', 'target manifest (default: the embedded emulator, targets/emulator.json)')
  .option('-u, --base-url <url>', 'override the manifest base URL (without --target: an emulator already running there)', url)
  .option('-o, --only <areas>', `comma-separated areas: ${AREAS.join(', ')}`)
  .option(
    '--skip <area|id>',
    'leave out an area or a requirement id, the opposite of --only and --requirement (repeatable, or comma-separated; a partial run)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option(
    '--last-failed',
    "run again only the requirements that FAILed or were UNTESTABLE in the report directory's results.json (nothing failed: the whole run)",
  )
  .option('-s, --seed <n>', 'seed for generated data; printed on every run so a failure can be replayed')
  .option(
    '--schedule-seed <n>',
    'fuzz the schedule: start the scenarios that may run together in an order, and pause their calls, drawn from this seed',
  )
  .option('--sink-public-url <url>', 'URL at which the target reaches the webhook sink (e.g. a tunnel)', url)
  .option('--verbose', 'show scenario notes while running, and at the end every requirement, PASS included (the reports always list them)')
  .option('--shard <i/n>', 'run shard i of n of the scenarios (deterministic); join the shards with `merge`')
  .option('--compare <file>', 'an earlier results.json (or its directory): report what regressed, was fixed or observes differently')
  .option('--baseline <file>', 'expected failures of this target (YAML): known failures do not fail the run, stale entries do')
  .option(
    '--heavy-probes',
    'also run probes that are heavy or leave traces the documented API cannot undo (on for the emulator and with --certify)',
  )
  .option(
    '--certify',
    'certification: whole suite, no baseline, every applicable requirement judged; writes the certificate (an in-toto Statement) and certificate.html',
  )
  .option(
    '--signing-key <file>',
    'with --certify: sign the certificate with this Ed25519 private key (PKCS#8 PEM) into certificate.intoto.jsonl; or name it in BANKING_CONFORMANCE_SIGNING_KEY',
  )
  .option('--valid-days <n>', 'with --certify: days the certificate stays valid (default 90)')
  .option('--requirement <ids>', 'comma-separated requirement ids: run only the scenarios that judge them (a partial run)')
  .option('--grep <text>', 'run only the scenarios whose id or title contains the text (a partial run)')
  .option('--fail-fast', 'stop after the first scenario with a FAIL or UNTESTABLE check')
  .option(
    '--wait-for-target <seconds>',
    'wait up to this long for a target that does not answer yet (one CI started a moment before); default 0',
    seconds,
  )
  .option(
    '-c, --concurrency <n|auto>',
    `scenarios run N at a time, as their declared shared state allows (default ${LOOPBACK_CONCURRENCY} for a target that answers within ${NEAR_CALL_MS} ms, auto for a farther one whatever its address; 1 runs one after another); auto starts at ${AUTO_START}, grows while latency holds and no 429 comes, halves on a 429 or Retry-After, up to ${AUTO_CEILING} or the manifest's rateLimit.concurrency`,
  )
  .option(
    '--budget-minutes <m>',
    'wall-clock budget of the scenarios: those not started by then are UNTESTABLE with that reason (default 30)',
  )
  .option('--har <file>', 'write every API exchange of the run to FILE as HAR 1.2 (redacted)')
  .option(
    '--emulator-fault <name>',
    'start the embedded emulator with a seeded fault or tolerated variation (repeatable)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option(
    '--target-image <image>',
    'target: a container image, started with testcontainers for the run and removed afterwards (needs Docker and the testcontainers package)',
  )
  .option('--target-port <port>', 'the port the --target-image listens on (default 8080; under host networking a free port passed as PORT)')
  .option(
    '--target-env <name=value>',
    'environment variable for the --target-image (repeatable)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option('--target-manifest <file>', 'manifest describing the --target-image: capabilities, tokens (default targets/emulator-image.json)')
  .action(async (options) => {
    process.exitCode = await (await import('./runCommand.ts')).runCommand(options, (text) => process.stdout.write(`${text}\n`), redactor);
  });

program
  .command('cleanup')
  .description(
    'Finish the cleanup of a killed run from DIR/cleanup-ledger.jsonl: cancel its rules, disable its webhooks (exit 1 if any stay live).',
  )
  .option('--report-dir <dir>', 'the report directory of the run', 'reports')
  .option('--target <file>', 'target manifest (default: the one the run used)')
  .option('--base-url <url>', 'base URL of the target (default: the one the run used)', url)
  .action(async (options) => {
    process.exitCode = await (
      await import('./cleanupCommand.ts')
    ).cleanupCommand(options, (text) => process.stdout.write(`${text}\n`), redactor);
  });

withJudgingOptions(program.command('receiver'), `${DEFAULT_REPORTERS.join(', ')}; default all`)
  .description(
    "Judge your own webhook receiver against the documents' rules for receivers: the embedded sandbox delivers to it, the suite sends forged and reshaped deliveries; writes DIR/results.json and the reports.",
  )
  .option('--url <url>', 'where your receiver takes deliveries (required, here or in the manifest)', url)
  .option(
    '--token-env <var>',
    'environment variable holding the webhook token your receiver verifies signatures with (never printed; required, here or in the manifest)',
  )
  .option('--target <file>', 'a target manifest whose "receiver" section describes the receiver; options given here win')
  .option('--content-type <type>', `the webhook's contentType: ${CONTENT_TYPES.join(' or ')} (default Json)`)
  .option('--delivery-mode <mode>', `the webhook's deliveryMode: ${DELIVERY_MODES.join(' or ')} (default AtLeastOnce)`)
  .option('--include-resources', 'the webhook has includeResources: deliveries carry the related resources')
  .option('--effects <url>', 'effects probe: GET URL?eventId=ID answers {"count": n}, how many times your receiver processed the event')
  .option('--header-name <name>', 'the signature header (default X-Service-Signature)')
  .option('--timeout-ms <ms>', 'the delivery time-out answers are judged against (default 5000)')
  .option(
    '--effects-patience <s>',
    `the longest the effects probe is read for, in seconds, while its counts still change or an event is not yet processed (default ${DEFAULT_EFFECTS_PATIENCE_MS / 1000})`,
  )
  .action(async (options) => {
    process.exitCode = await (
      await import('./receiverCommand.ts')
    ).receiverCommand(options, (text) => process.stdout.write(`${text}\n`), redactor);
  });

withJudgingOptions(
  program.command('client'),
  `${REPORTERS.join(', ')}; default ${DEFAULT_REPORTERS.join(',')}; har: DIR/exchanges.har, each call of your client`,
)
  .description(
    'Judge your own API client by every request it makes: runs COMMAND against the embedded emulator (or, with --target, a target of a manifest through a recording proxy), given BANKING_API_BASE_URL, BANKING_API_TOKEN, BANKING_API_ACCOUNT_ID and BANKING_API_DEPOSIT_PRODUCT_ID (or, with --wait, serves a client started elsewhere); writes DIR/results.json and the reports.',
  )
  .argument('[command...]', 'the command that runs your client, after --')
  .option('--wait', 'run no command: serve a client started elsewhere, print its URL and how to mint a token, judge once it goes quiet')
  .option('--idle <seconds>', `with --wait: judge once the client has been quiet this long after a call (default ${DEFAULT_IDLE_SECONDS})`)
  .option('--port <n>', 'with --wait: serve on this loopback port (default: a free one)')
  .option(
    '-t, --target <file>',
    'a target manifest: your client calls its base URL through a recording proxy, given the token of its token variables and its fixture ids (default: the embedded emulator)',
  )
  .option('--wait-for-target <seconds>', 'with --target: wait up to this long for a target that does not answer yet; default 0', seconds)
  .option(
    '--plan <names>',
    "the perturbations that bend the emulator's answers, comma-separated (`list perturbations`), or none (default: every one)",
  )
  .option(
    '-s, --seed <n>',
    `places each perturbation given no call= at one of its first ${SEEDED_CHANCES} chances, drawn from this seed (default 0: each at its first); printed in results.json so a failure can be replayed`,
  )
  .option('--baseline <file>', "your client's known failures (YAML, as run --baseline takes): they do not fail the run, stale entries do")
  .option(
    '--effects <url>',
    'effects probe of your webhooks\' receiver, as receiver --effects takes it: GET URL?eventId=ID answers {"count": n}, how many times it processed the event',
  )
  .option(
    '--effects-patience <s>',
    `with --effects: the longest the effects probe is read for, in seconds, while its counts still change or an event is not yet processed (default ${DEFAULT_EFFECTS_PATIENCE_MS / 1000})`,
  )
  .option(
    '--certify',
    "write a signed certificate (an in-toto Statement, as run --certify writes) about your client's artifact: needs --signing-key and --subject",
  )
  .option(
    '--signing-key <file>',
    'with --certify: the Ed25519 private key (PKCS#8 PEM) that signs it; or name it in BANKING_CONFORMANCE_SIGNING_KEY',
  )
  .option('--subject <file|name@sha256:hex>', 'with --certify: what it is about: a file (by its SHA-256) or an image digest, as given')
  .option('--valid-days <n>', 'with --certify: days the certificate stays valid (default 90)')
  .action(async (command: string[], options) => {
    process.exitCode = await (
      await import('./clientCommand.ts')
    ).clientCommand(command, options, (text) => process.stdout.write(`${text}\n`), redactor);
  });

program
  .command('merge')
  .description(
    'Join the results of several runs (e.g. the shards of a CI matrix), re-judged from their check records, into one results.json, junit.xml, report.html and allure-results/.',
  )
  .argument('<dirs...>', 'report directories (or results.json files) of the runs')
  .option('--report-dir <dir>', 'where to write the merged reports', 'reports')
  .option('--compare <file>', 'an earlier results.json (or its directory) to report the difference from')
  .action(async (dirs: string[], options) => {
    process.exitCode = await (
      await import('./mergeCommand.ts')
    ).mergeCommand(dirs, options, (text) => process.stdout.write(`${text}\n`), redactor);
  });

program
  .command('compare')
  .description(
    'Parity of two runs where the documents are silent (e.g. a vendor sandbox and the emulator calibrated from it): one row per OBSERVE requirement, its value on each and same/different; exit 1 if any differs.',
  )
  .requiredOption('--observed <files...>', 'the two results.json files (or report directories) to compare: A B')
  .option('--report-dir <dir>', 'also write parity.md and parity.html there')
  .action(async (options) => {
    process.exitCode = (await import('./compareCommand.ts')).compareCommand(options, (text) => process.stdout.write(`${text}\n`));
  });

program
  .command('list')
  .description(
    "List the requirements (default), scenarios, areas, seeded faults or the client command's perturbations; --area X selects what `run --only X` judges.",
  )
  .argument('[kind]', 'requirements, scenarios, areas, faults or perturbations')
  .option('--level <level>', 'only MUST, SHOULD or OBSERVE requirements (scenarios and faults: judging one)')
  .option('--area <area>', `only what the area judges: ${AREAS.join(', ')}, or receiver (the receiver command's)`)
  .option('--json', 'a JSON array instead of one line per entry')
  .action(async (kind: string | undefined, options) => {
    process.exitCode = await (await import('./listCommand.ts')).listCommand(kind, options, (text) => process.stdout.write(`${text}\n`));
  });

program
  .command('openapi')
  .description('Print the OpenAPI 3.1 document of the API, derived from the operation catalogue and schemas/ (e.g. > openapi.json).')
  .option('--server <url>', 'base URL of the server the document describes (default: a {baseUrl} variable)', url)
  .action(async (options: { server?: string }) => {
    process.stdout.write(
      `${JSON.stringify((await import('../openapi/openApiDocument.ts')).openApiDocument(options.server ? { serverUrl: options.server } : {}), null, 2)}\n`,
    );
  });

program
  .command('report')
  .description(
    `Build the Allure HTML from DIR/allure-results into DIR/allure-report (serve it with \`${SUGGESTIONS.serveAllure('DIR/allure-report')}\`; needs the allure package).`,
  )
  .option('--report-dir <dir>', 'the report directory of a run', 'reports')
  .action(async (options) => {
    process.exitCode = await (
      await import('./allureReportCommand.ts')
    ).allureReportCommand(options, (text) => process.stdout.write(`${text}\n`));
  });

program
  .command('verify')
  .description(
    'Check a certificate of run --certify or client --certify, offline: signature, predicate, expiry, subject, the results and evidence it names, the suite that issued it; exit 0 valid, 1 invalid, 2 unreadable.',
  )
  .argument('<certificate>', 'certificate.intoto.jsonl (the signed DSSE envelope)')
  .requiredOption('--key <file>', "the issuer's Ed25519 public key (PEM)")
  .option('--subject <digest>', 'sha256:HEX the certificate must be about (an image id or registry digest, a manifest SHA-256)')
  .option('--results <file>', 'a results.json that must be the one certified')
  .option('--evidence <file>', 'an evidence.har that must be the one certified')
  .option('--at <date>', 'check the expiry as of this date (ISO 8601) instead of now')
  .action(async (certificate: string, options) => {
    process.exitCode = (await import('./verifyCommand.ts')).verifyCommand(certificate, options, (text) =>
      process.stdout.write(`${text}\n`),
    );
  });

program
  .command('init')
  .description(
    'Set up a first run: against the embedded emulator, an emulator at a URL or your vendor sandbox (a target manifest for the last two); asks on a terminal, otherwise takes the flags (--yes: the defaults for the rest); prints the command to run next.',
  )
  .option(
    '--kind <kind>',
    'embedded (the reference emulator inside this package), emulator (one running at --base-url) or sandbox (default: sandbox when a flag describes one, else embedded)',
  )
  .option('--output <file>', 'where to write the manifest', 'banking-api-target.json')
  .option('--yes', 'do not ask: the flags given and the defaults for the rest')
  .option('--force', 'replace the file if it exists')
  .option('--name <name>', 'a name for the target (default "vendor sandbox")')
  .option(
    '--base-url <url>',
    'base URL of the API (an emulator: default http://127.0.0.1:8080; a sandbox: asked on a terminal, else required)',
    url,
  )
  .option('--environment <env>', `${ENVIRONMENTS.join(' or ')} (default sandbox)`)
  .option('--capabilities <list>', 'comma-separated capabilities the target really has (default core)')
  .option(
    '--token <ENV=scopes>',
    'a token variable and its comma-separated scopes; no =: every scope (repeatable; default BANKING_API_TOKEN)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option('--account-id <id>', 'fixture account the suite may create rules on')
  .option('--deposit-product-id <id>', "the fixture account's deposit product")
  .option('--account-opt-in <types>', "the account's positive pay opt-in as it stands: comma-separated types, or [] for none")
  .option('--deposit-product-opt-in <types>', "the deposit product's default opt-in as it stands: comma-separated types, or [] for none")
  .option('--sink-public-url <url>', 'public URL at which the target reaches the webhook sink (e.g. a tunnel)', url)
  .action(async (options) => {
    process.exitCode = await (await import('./initCommand.ts')).initCommand(options, (text) => process.stdout.write(`${text}\n`));
  });

dropOutputOnceReaderCloses(process.stdout);
exitOnUncaughtError((line) => process.stderr.write(`${line}\n`), redactor);
const finished = exitIfStalled((line) => process.stderr.write(`${line}\n`));
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.exitCode = exitForFailure(error, (line) => process.stderr.write(`${line}\n`), redactor);
} finally {
  finished();
}
