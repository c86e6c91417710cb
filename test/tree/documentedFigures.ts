import { readFileSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
import { AT_LEAST_ONCE_BATCH_SIZE } from '../../contract/facts/webhookDelivery.ts';
import { requirementCatalogue, type Level } from '../../contract/catalogue/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { AUTO_CEILING, AUTO_START, LOOPBACK_CONCURRENCY } from '../../harness/targetIO/concurrency.ts';
import { PROBE_AFTER_MS } from '../../harness/targetIO/learnedPace.ts';
import { LONGEST_WAIT_MS } from '../../harness/targetIO/callGate.ts';
import { OPERATION_TIMEOUT_MS } from '../../harness/targetIO/apiClient.ts';
import { SHARE_SAMPLE } from '../../harness/targetIO/adaptiveConcurrency.ts';
import { RESPONSE_BODY_LIMIT } from '../../harness/targetIO/responseBodyReader.ts';
import { SINK_BODY_LIMIT, SINK_DELIVERIES_KEPT } from '../../harness/targetIO/webhookSink.ts';
import { THROTTLE_BUDGET_MS } from '../../harness/targetIO/throttleRetry.ts';
import { WEBHOOK_BUDGET } from '../../harness/targetIO/heldWebhooks.ts';
import { DOCUMENT_MAX_BYTES } from '../../contract/facts/documentLimits.ts';
import { MAX_ALONE_RERUNS } from '../../harness/engine/engine.ts';
import { MAX_PAUSE_MS } from '../../harness/engine/schedulePerturbation.ts';
import { DEFAULT_BUDGET_MINUTES } from '../../run/runPlan.ts';
import { LIMIT_WAIT_MS } from '../../suites/shared/webhookFixtures.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from '../../emulator/faults/toleratedVariations.ts';
import { SANDBOX_ENABLED_LIMIT } from '../../emulator/webhooks/webhookModel.ts';
import { DEFAULT_STORE_LIMITS } from '../../emulator/core/storeLimits.ts';
import { DEFAULT_SERVER_TIMEOUTS, UNREAD_BODY_LINGER } from '../../emulator/core/connectionLimits.ts';
import { MAX_JSON_DEPTH } from '../../emulator/core/jsonBody.ts';
import { EMULATOR_PROFILES } from '../../emulator/profiles/emulatorProfiles.ts';
import { RECEIVER_CASES } from '../../receiver/receiverCases.ts';
import { EFFECTS_SETTLE_MS } from '../../receiver/effectsProbe.ts';
import { DEFAULT_EFFECTS_PATIENCE_MS, DEFAULT_TIMEOUT_MS as RECEIVER_TIMEOUT_MS } from '../../receiver/receiverConfig.ts';
import { DEFAULT_STARTUP_TIMEOUT_MS } from '../../container/containerSpec.ts';
import { LOG_TAIL_LINES } from '../../container/containerTarget.ts';
import { FAULTY_RECEIVERS } from '../receiver/faultyReceivers.ts';
import { DEFAULT_IDLE_SECONDS } from '../../cli/clientValues.ts';
import { CLIENT_ENV } from '../../client/clientRun.ts';
import { RETRY_AFTER_SECONDS, SLOW_BEYOND_MS } from '../../client/perturbations.ts';
import { SEEDED_CHANCES } from '../../client/planCursor.ts';
import { PAGE_LIMIT } from '../../contract/catalogue/operationInputs.ts';
import { DELIVERY_LOG_ATTEMPTS, KEPT_REQUEST_BODY_BYTES } from '../../emulator/delivery/deliveryLog.ts';
import { KEPT_RESPONSE_BODY_BYTES } from '../../emulator/delivery/deliveryPoster.ts';

// The figures README.md and docs/*.md state, each with the value the code has: the
// pages' wording (a pattern whose one group is the figure) beside where the figure
// really lives. Data only; documentedFigures.test.ts holds the pages to it.

export interface DocumentedFigure {
  /** What the figure is, for the failure message. */
  what: string;
  /** Matched against a page with its whitespace collapsed; group 1 is the figure. */
  pattern: RegExp;
  /** The value the code has, in the unit the pages write. */
  value: () => number;
}

const MiB = 1024 * 1024;
const seconds = (ms: number): number => ms / 1000;
const levelCount = (level: Level): number =>
  requirementCatalogue()
    .all()
    .filter((each) => each.level === level).length;
const clientLevelCount = (level: Level): number =>
  requirementCatalogue('client')
    .all()
    .filter((each) => each.level === level).length;
const vendorLike = EMULATOR_PROFILES['vendor-like'].options;

/** A constant a module keeps to itself, read from its source: `const NAME = 1_000 * 2;`. */
function sourceConstant(file: string, name: string): number {
  const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
  const expression = new RegExp(`const ${name} = ([\\d_ *]+);`).exec(text)?.[1];
  if (expression === undefined) throw new Error(`${file} no longer declares ${name} as a plain number`);
  return expression.split('*').reduce((product, factor) => product * Number(factor.replaceAll('_', '').trim()), 1);
}

interface RemoteRunFigures {
  baselineCalls: number;
  remote: {
    latencyMs: { minMs: number; maxMs: number };
    seconds: number;
    floorSeconds: number;
    criticalPathCalls: number;
    throttledSeconds: number;
  } | null;
}
/** What bench/remoteTarget.bench.ts measured (BENCH_FULL=1 writes it): the README's performance figures. */
const remoteRunFigures = (): RemoteRunFigures =>
  JSON.parse(readFileSync(new URL('../../docs/remote-run-figures.json', import.meta.url), 'utf8')) as RemoteRunFigures;
function remoteRun(): NonNullable<RemoteRunFigures['remote']> {
  const { remote } = remoteRunFigures();
  if (!remote) throw new Error('docs/remote-run-figures.json has no remote figures: run BENCH_FULL=1 bench/remoteTarget.bench.ts');
  return remote;
}

export const DOCUMENTED_FIGURES: readonly DocumentedFigure[] = [
  // Counts of the catalogue, the suites and the emulator.
  { what: 'requirements about the service', pattern: /\b(\d+) requirements\b/, value: () => requirementCatalogue().all().length },
  { what: 'MUST requirements', pattern: /\b(\d+) MUST\b/, value: () => levelCount('MUST') },
  { what: 'SHOULD requirements', pattern: /\b(\d+) SHOULD\b/, value: () => levelCount('SHOULD') },
  { what: 'OBSERVE requirements', pattern: /\b(\d+) OBSERVE\b/, value: () => levelCount('OBSERVE') },
  {
    what: 'requirements excluded from judgement',
    pattern: /\b(\d+) excluded\b/,
    value: () =>
      requirementCatalogue()
        .all()
        .filter((each) => each.excluded !== undefined).length,
  },
  { what: 'receiver requirements', pattern: /\b(\d+) receiver requirements\b/, value: () => requirementCatalogue('receiver').all().length },
  { what: 'receiver cases', pattern: /\b(\d+) receiver cases\b/, value: () => RECEIVER_CASES.length },
  { what: 'scenarios', pattern: /\b(\d+) scenarios\b/, value: () => Object.values(SCENARIOS_BY_AREA).flat().length },
  { what: 'areas', pattern: /\b(\d+) areas\b/, value: () => AREAS.length },
  { what: 'seeded faults', pattern: /\b(\d+) seeded faults\b/, value: () => FAULTS.length },
  { what: 'tolerated variations', pattern: /\b(\d+) tolerated variations\b/, value: () => TOLERATED_VARIATIONS.length },
  { what: 'faulty receivers', pattern: /\b(\d+) faulty receivers\b/, value: () => FAULTY_RECEIVERS.length },
  {
    what: 'catalogued event types',
    pattern: /\b(\d+) catalogued event types\b/,
    value: () => (JSON.parse(readFileSync(new URL('../../schemas/events/event-types.json', import.meta.url), 'utf8')) as unknown[]).length,
  },
  // Limits of the documents, as the code has them.
  { what: 'AtLeastOnce batch size', pattern: /\bbatch(?:es)? of (?:up to |at most )?(\d+)\b/, value: () => AT_LEAST_ONCE_BATCH_SIZE },
  { what: "the sandbox's Enabled webhook limit", pattern: /\blimit of (\d+) `Enabled`/, value: () => SANDBOX_ENABLED_LIMIT },
  { what: 'rule document size', pattern: /"(\d+) MB"/, value: () => DOCUMENT_MAX_BYTES / MiB },
  { what: 'application document size', pattern: /rule documents\), at most (\d+) MiB/, value: () => DOCUMENT_MAX_BYTES / MiB },
  { what: 'rule document size in bytes', pattern: /\b(\d+)×1024×1024 bytes/, value: () => DOCUMENT_MAX_BYTES / MiB },
  { what: 'GN-TIMEOUT', pattern: /`GN-TIMEOUT`(?: is judged at| \() ?(\d+) s\b/, value: () => seconds(OPERATION_TIMEOUT_MS) },
  // The harness's own bounds.
  { what: 'response body kept', pattern: /\b(\d+) MB of a response body/, value: () => RESPONSE_BODY_LIMIT / MiB },
  { what: 'delivery body kept by the sink', pattern: /\b(\d+) MB of a delivery/, value: () => SINK_BODY_LIMIT / MiB },
  { what: 'deliveries kept per sink endpoint', pattern: /\b([\d,]+) deliveries per endpoint/, value: () => SINK_DELIVERIES_KEPT },
  {
    what: 'grace after the operation time-out',
    pattern: /stops waiting (\d+) s later/,
    value: () => seconds(sourceConstant('harness/targetIO/apiClient.ts', 'GRACE_MS')),
  },
  { what: 'throttling waited out per call', pattern: /at most (\d+) minutes of waiting/, value: () => THROTTLE_BUDGET_MS / 60_000 },
  {
    what: 'one Retry-After honoured',
    pattern: /honoured up to (\d+) s a time/,
    value: () => seconds(sourceConstant('harness/targetIO/throttleRetry.ts', 'MAX_SINGLE_WAIT_MS')),
  },
  { what: "a run's webhook budget", pattern: /\bbudget of (\d+) webhooks/, value: () => WEBHOOK_BUDGET },
  {
    what: "waiting for a place under the target's limit",
    pattern: /waits for a place \(at most (\d+) minutes\)/,
    value: () => LIMIT_WAIT_MS / 60_000,
  },
  { what: 'concurrency on loopback', pattern: /default (\d+) on loopback/, value: () => LOOPBACK_CONCURRENCY },
  { what: 'where --concurrency auto starts', pattern: /auto starts at (\d+)/, value: () => AUTO_START },
  { what: 'where --concurrency auto starts, said again', pattern: /starts with (\d+) running at a time/, value: () => AUTO_START },
  {
    what: 'the most --concurrency auto reaches unless the manifest says',
    pattern: /auto[^.]*? up to (\d+) or the manifest/,
    value: () => AUTO_CEILING,
  },
  {
    what: 'how long a learned pace holds, binding, before it is tried higher',
    pattern: /held\s+and bound for (\d+) s is tried/,
    value: () => seconds(PROBE_AFTER_MS),
  },
  {
    what: 'how long a call waits for the rate before it goes whatever its chain',
    pattern: /unless another\s+has waited (\d+) s/,
    value: () => seconds(LONGEST_WAIT_MS),
  },
  {
    what: "the bench's limit by rate",
    pattern: /token bucket of (\d+) calls\/s/,
    value: () => sourceConstant('bench/remoteTarget.bench.ts', 'BUCKET_PER_SECOND'),
  },
  { what: 'answers a cut of --concurrency auto is judged on', pattern: /holds still for (\d+) answers/, value: () => SHARE_SAMPLE },
  { what: 'default budget', pattern: /--budget-minutes M` \(default (\d+)\)/, value: () => DEFAULT_BUDGET_MINUTES },
  { what: 'failed scenarios run again alone', pattern: /failed \(up to (\d+)\)/, value: () => MAX_ALONE_RERUNS },
  { what: 'schedule fuzzing pause', pattern: /\(0–(\d+) ms\b/, value: () => MAX_PAUSE_MS },
  // The receiver command.
  { what: 'effects quiet time at the least', pattern: /\b(\d+) s after the last answer/, value: () => seconds(EFFECTS_SETTLE_MS) },
  {
    what: 'default effects patience',
    pattern: /`--effects-patience S` \(default (\d+)\)/,
    value: () => seconds(DEFAULT_EFFECTS_PATIENCE_MS),
  },
  { what: "receiver's default time-out", pattern: /`--timeout-ms` \(default (\d+)\b/, value: () => RECEIVER_TIMEOUT_MS },
  // The client command.
  { what: 'client requirements', pattern: /\b(\d+) client requirements\b/, value: () => requirementCatalogue('client').all().length },
  { what: 'client MUST requirements', pattern: /prefix `CL`\): (\d+) at MUST\b/, value: () => clientLevelCount('MUST') },
  { what: 'client SHOULD requirements', pattern: /\d+ at MUST,\s+(\d+) at SHOULD\b/, value: () => clientLevelCount('SHOULD') },
  {
    what: 'client OBSERVE requirements',
    pattern: /\d+ at SHOULD, (\d+) at OBSERVE\b/,
    value: () => clientLevelCount('OBSERVE'),
  },
  {
    what: 'chances a seed places a perturbation among',
    pattern: /first (\d+)(?: chances)?,? drawn from the seed/,
    value: () => SEEDED_CHANCES,
  },
  { what: "the client's 429 Retry-After", pattern: /answered `429` with `Retry-After: (\d+)`/, value: () => RETRY_AFTER_SECONDS },
  { what: "the client's 429 Retry-After, again", pattern: /does not retry within (\d+) seconds/, value: () => RETRY_AFTER_SECONDS },
  {
    what: 'a slow answer held beyond the time-out',
    pattern: /held (\d+) s beyond the documented time-out/,
    value: () => seconds(SLOW_BEYOND_MS),
  },
  { what: 'the documented operation time-out', pattern: /has a time-out of (\d+) seconds/, value: () => seconds(OPERATION_TIMEOUT_MS) },
  { what: "the client's environment variables", pattern: /\b(\d+) environment variables\b/, value: () => Object.keys(CLIENT_ENV).length },
  { what: "a client's largest page[limit]", pattern: /`page\[limit\]` is at most (\d+)\b/, value: () => PAGE_LIMIT.maximum },
  { what: "client --wait's default idle time", pattern: /`--idle S` seconds \(default (\d+)\b/, value: () => DEFAULT_IDLE_SECONDS },
  // Container targets.
  { what: 'container log lines kept', pattern: /the last (\d+) log lines/, value: () => LOG_TAIL_LINES },
  {
    what: 'container start-up time-out',
    pattern: /`startupTimeoutMs` \(default (\d+) s\)/,
    value: () => seconds(DEFAULT_STARTUP_TIMEOUT_MS),
  },
  {
    what: 'readiness polling',
    pattern: /polled every (\d+) ms/,
    value: () => sourceConstant('container/readinessWait.ts', 'POLL_INTERVAL_MS'),
  },
  // The emulator's limits and its vendor-like profile.
  { what: 'webhooks held', pattern: /\b([\d,]+) \(`--max-webhooks/, value: () => DEFAULT_STORE_LIMITS.webhooks },
  { what: 'events stored', pattern: /\b([\d,]+) \(`--max-events/, value: () => DEFAULT_STORE_LIMITS.storedEvents },
  {
    what: "the emulator's JSON body limit",
    pattern: /a JSON body \| (\d+) MiB/,
    value: () => sourceConstant('emulator/emulator.ts', 'JSON_BODY_LIMIT') / MiB,
  },
  { what: 'unread body drained (bytes)', pattern: /at most (\d+) MiB or \d+ s more/, value: () => UNREAD_BODY_LINGER.bytes / MiB },
  { what: 'unread body drained (time)', pattern: /at most \d+ MiB or (\d+) s more/, value: () => seconds(UNREAD_BODY_LINGER.ms) },
  { what: 'JSON nesting', pattern: /\b(\d+) levels\b/, value: () => MAX_JSON_DEPTH },
  { what: "Node's header limit", pattern: /\b(\d+) KiB \(Node's `http\.maxHeaderSize`\)/, value: () => maxHeaderSize / 1024 },
  {
    what: 'headers time-out',
    pattern: /\b(\d+) s \/ \d+ s \(`timeouts\.headersMs`/,
    value: () => seconds(DEFAULT_SERVER_TIMEOUTS.headersMs),
  },
  {
    what: 'request time-out',
    pattern: /\b\d+ s \/ (\d+) s \(`timeouts\.headersMs`/,
    value: () => seconds(DEFAULT_SERVER_TIMEOUTS.requestMs),
  },
  {
    what: 'keep-alive time-out',
    pattern: /\b(\d+) s \(`timeouts\.keepAliveMs`/,
    value: () => seconds(DEFAULT_SERVER_TIMEOUTS.keepAliveMs),
  },
  { what: 'vendor-like latency', pattern: /\b(\d+) ± \d+ ms latency/, value: () => vendorLike.latency.ms },
  { what: 'vendor-like jitter', pattern: /\b\d+ ± (\d+) ms latency/, value: () => vendorLike.latency.jitterMs },
  { what: 'vendor-like rate limit', pattern: /every (\d+)th request/, value: () => vendorLike.rateLimit.every },
  { what: 'vendor-like fixture account', pattern: /fixture ids account `(\d+)`/, value: () => Number(vendorLike.fixtures.accountId) },
  { what: 'vendor-like deposit product', pattern: /deposit product `(\d+)`/, value: () => Number(vendorLike.fixtures.depositProductId) },
  { what: 'delivery attempts the emulator keeps', pattern: /last (\d+) delivery attempts/, value: () => DELIVERY_LOG_ATTEMPTS },
  { what: 'request body kept of a delivery', pattern: /up to (\d+) KiB of each request body/, value: () => KEPT_REQUEST_BODY_BYTES / 1024 },
  { what: 'answer kept of a delivery', pattern: /(\d+) KiB of each answer/, value: () => KEPT_RESPONSE_BODY_BYTES / 1024 },
  // A whole run's calls and remote figures (README.md's performance section).
  {
    what: "a full run's calls before issue 33",
    pattern: /\b([\d,]+) documented calls before/,
    value: () => remoteRunFigures().baselineCalls,
  },
  {
    what: 'least latency of the remote bench',
    pattern: /adding (\d+)–\d+ ms to each documented call/,
    value: () => remoteRun().latencyMs.minMs,
  },
  {
    what: 'most latency of the remote bench',
    pattern: /adding \d+–(\d+) ms to each documented call/,
    value: () => remoteRun().latencyMs.maxMs,
  },
  { what: 'the remote run', pattern: /documented call, took (\d+) s\b/, value: () => remoteRun().seconds },
  { what: "the remote run's floor", pattern: /against a floor of (\d+) s\b/, value: () => remoteRun().floorSeconds },
  { what: "the remote run's critical path", pattern: /a critical path of (\d+) calls\b/, value: () => remoteRun().criticalPathCalls },
  { what: 'the remote run with 429s', pattern: /`Retry-After: 1` it took (\d+) s\b/, value: () => remoteRun().throttledSeconds },
];

/**
 * Where a page states a figure of one of these kinds, one of DOCUMENTED_FIGURES must
 * claim it: a count or a size the test cannot check is not written.
 */
export const FIGURE_KINDS: readonly RegExp[] = [
  /\b(\d[\d,]*) (?:receiver |catalogued |client )?(?:requirements|MUST|SHOULD|OBSERVE|excluded|scenarios|areas|cases|seeded faults|faults|tolerated variations|variations|faulty receivers|event types)\b/,
  /\b(\d[\d,.]*) ?(?:[KMG]i?B)\b/,
  /\bbatch(?:es)? of (?:up to |at most )?(\d+)/,
  /\b(\d+) `?Enabled`?/,
  /\b(\d[\d,]*) (?:deliveries|webhooks|log lines|levels)\b/,
  /\b(\d+) at (?:MUST|SHOULD|OBSERVE)\b/,
  /\b(\d+) environment variables\b/,
];
