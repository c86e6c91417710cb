import { join } from 'node:path';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { DEFAULT_REPORTERS, type Reporter } from '../report/reporters.ts';
import { parseReporters } from './runValues.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { CLIENT_ENV, type ClientRun, type ClientSource, clientResults, endedText, runClient, type Serving } from '../client/clientRun.ts';
import { type ClientChoice, clientChoice, type ClientOptionTexts } from './clientValues.ts';
import { clientReplayArguments, OPTION_WORDS, planEntries, planText } from './commandLineText.ts';
import { EXIT } from './exitCodes.ts';
import { printBaseline, type SkipFold, terminalColumns } from './summaryPrinter.ts';
import { anyApplied, COPED_TITLE, copedLine } from '../verdict/copedWording.ts';
import { conduct, conductSettings } from './conduct.ts';
import { counted } from '../harness/records/counted.ts';
import { certifyClient, type ClientCertifyOptions } from './clientCertificate.ts';
import { noEffectsProbe } from '../receiver/effectsProbe.ts';
import { NEVER_CALLED } from '../client/requestJudge.ts';
import { assertReachable, unconnectableReason } from '../run/reachability.ts';

// `banking-api-conformance client -- <command...>`: judges the integrator's own
// API client by every request it makes to the embedded emulator
// (requirements/client.yaml) and writes the same reports as a run: results.json,
// report.html, junit.xml, summary.md, allure-results/, through the same faces
// (cli/faces/faceList.ts), its items' engine events to the progress display, after those of its
// webhooks' receivers, told live while it runs (a segment each). Exit 0 conformant, 1 not,
// 2 a setup error (one line): a command not found, a client that made no call, or an effects probe
// (--effects) that breaks its contract once a receiver is judged (said before any progress, and no
// report written over the last).
// `client --wait` runs no command: it says where a client started elsewhere calls and how it
// gets a token (the command that mints one, never a token), and judges once the client has
// been quiet for --idle seconds or on Ctrl-C.

export interface ClientCommandOptions extends ClientOptionTexts, ClientCertifyOptions {
  reportDir: string;
  quiet?: boolean;
  reporter?: string[];
  /** Stream the engine's events as NDJSON to this file, or `-`: standard output (cli/faces/eventsFace.ts). */
  events?: string;
}

/**
 * The reports `client --reporter` chose. HAR (DIR/exchanges.har) is written only when named, and adds to the others:
 * `--reporter har` alone is the default reports and HAR, as the guide says.
 */
function clientReporters(texts: readonly string[] | undefined): ReadonlySet<Reporter> {
  const named = texts ? parseReporters(texts) : new Set<Reporter>();
  const others = [...named].filter((reporter) => reporter !== 'har');
  return new Set([...(others.length > 0 ? others : DEFAULT_REPORTERS), ...(named.has('har') ? (['har'] as const) : [])]);
}

/** `redactor` learns the token given to the client and masks everything the command writes. */
export async function clientCommand(
  command: readonly string[],
  options: ClientCommandOptions,
  print: (text: string) => void,
  redactor: SecretRedactor,
): Promise<number> {
  const choice = clientChoice(command, options);
  const { certification } = choice;
  const reporters = clientReporters(options.reporter);
  const harFile = reporters.has('har') ? join(options.reportDir, 'exchanges.har') : undefined;
  const settings = conductSettings(options, { reporters, harFile }, print, redactor);
  const { write, say, version } = settings;
  const described = 'command' in choice ? choice.command.join(' ') : 'a client started elsewhere (--wait)';
  const { target } = choice;
  if (target) {
    // An unreachable target is a setup error before the client starts, as a run's is (--wait-for-target); told by a
    // connection alone, so that the target receives no request the client did not send.
    const baseUrl = target.target.baseUrl.replace(/\/+$/, '');
    await assertReachable(baseUrl, `baseUrl in ${target.manifestPath}`, target.waitSeconds, say, unconnectableReason);
    say(`Target: ${target.target.name} at ${target.target.baseUrl} (${target.manifestPath}), called through the recording proxy`);
  }
  if ('command' in choice) say(`Client: ${described}, given ${clientVariables(choice).join(', ')} (the token is never printed)`);
  const placed = choice.plan.length > 0 && choice.seed !== 0 ? `, placed by --seed ${choice.seed}` : '';
  say(`Perturbations: ${choice.plan.length > 0 ? planText(choice) : 'none'}${placed} (--plan; list perturbations)`);
  return conduct(settings, async (listen, lines) => {
    const interruption = new AbortController();
    const interrupt = () => interruption.abort();
    // Ctrl-C ends the wait, or stops the command, and what was recorded is judged; a second one ends at once.
    process.once('SIGINT', interrupt);
    let run: ClientRun;
    try {
      // Its webhooks' segments are shown while its command prints: its lines go through the faces (conduct's lines).
      run = await runClient(clientSource(choice, interruption.signal, lines.write), { say: lines.say, redactor, listener: listen });
    } finally {
      process.off('SIGINT', interrupt);
    }
    const document = clientResults('command' in choice ? choice.command : [], run, {
      suiteVersion: version,
      replayArguments: clientReplayArguments(choice),
      seed: choice.seed,
      ...(choice.baseline ? { baseline: choice.baseline } : {}),
    });
    const exited = endedText(run.exit, run.waitEnded, 'wait' in choice ? choice.wait.idleSeconds : 0);
    return {
      document,
      reports: run.reports,
      exchanges: run.exchanges,
      allureEnvironment: { client: described, suiteVersion: version },
      summary: { folds: choice.effects ? [NEVER_CALLED_FOLD] : [NEVER_CALLED_FOLD, WITHOUT_EFFECTS_PROBE] },
      notes: () => {
        if (document.baseline) printBaseline(document.baseline, write);
        const columns = options.events === '-' ? undefined : terminalColumns(process.stdout);
        for (const line of copedLines(document.clientCoped, columns)) say(line);
        say(`${exited[0]!.toUpperCase()}${exited.slice(1)}; it made ${counted(run.calls.requests, 'call')}`);
      },
      after: (written) => {
        if (run.exit?.interrupted === true) return EXIT.interrupted;
        if (!certification) return undefined;
        const exit = run.exit ? { exit: { code: run.exit.code, signal: run.exit.signal } } : {};
        const client = { plan: planEntries(choice), ...exit };
        const manifest = target ? { manifestPath: target.manifestPath } : {};
        const certified = { document, exchanges: run.exchanges, client, ...manifest, resultsPath: written.results };
        return certifyClient(certification, { ...certified, reportDir: options.reportDir, version }, redactor, write);
      },
    };
  });
}

/**
 * How the client coped with its plan's perturbations, one line each, cut at the terminal's width as the summary's rows
 * are; those not applied in one line, as their SKIPs above say why; nothing where none was applied.
 */
function copedLines(rows: ResultsDocument['clientCoped'], columns: number | undefined): string[] {
  if (!anyApplied(rows)) return [];
  const cut = (text: string) => (columns !== undefined && text.length > columns ? `${text.slice(0, Math.max(columns - 1, 0))}…` : text);
  const notApplied = rows.filter((row) => row.notApplied !== undefined).map((row) => row.perturbation);
  return [
    `${COPED_TITLE} with its perturbations:`,
    ...rows.filter((row) => row.notApplied === undefined).map((row) => `  ${copedLine(row)}`),
    ...(notApplied.length > 0 ? [`  not applied: ${notApplied.join(', ')} (their SKIPs say why)`] : []),
  ].map(cut);
}

/** The requirements of operations the client never called: one line, since each says only that (the reports name the operations). */
const NEVER_CALLED_FOLD: SkipFold = {
  takes: (result) => result.checks.length > 0 && result.checks.every((check) => check.message?.startsWith(NEVER_CALLED) === true),
  line: (ids) => `${counted(ids.length, 'requirement')} of operations your client never called (the reports name them): ${ids.join(', ')}`,
};

/** The variables the client's command is given: a token and fixture ids only where there are some to give. */
function clientVariables({ target }: ClientChoice): string[] {
  if (!target) return Object.values(CLIENT_ENV);
  const { fixtures } = target.target;
  const given = new Set<string>([CLIENT_ENV.baseUrl, CLIENT_ENV.judgeWebhooks]);
  if (fixtures.accountId !== undefined) given.add(CLIENT_ENV.accountId);
  if (fixtures.depositProductId !== undefined) given.add(CLIENT_ENV.depositProductId);
  if (target.target.token) given.add(CLIENT_ENV.token);
  return Object.values(CLIENT_ENV).filter((variable) => given.has(variable));
}

/**
 * Without --effects, the requirements about what the client's receivers processed SKIP for that one cause, said once
 * in the summary, with what the option would add, instead of a row each.
 */
const WITHOUT_EFFECTS_PROBE: SkipFold = {
  takes: (result) => result.checks.length > 0 && result.checks.every((check) => check.message === noEffectsProbe(OPTION_WORDS)),
  line: (ids) =>
    `Effects probe: none (${OPTION_WORDS.effects} URL): ${counted(ids.length, 'receiver requirement')} about what your receiver processed: ${ids.join(', ')}`,
};

/** The client's part as client/ takes it; with --wait, where it is served is said before the wait starts. */
function clientSource(choice: ClientChoice, interrupted: AbortSignal, write: (text: string) => void): ClientSource {
  const receivers = { optionWords: OPTION_WORDS, ...(choice.effects ? { effects: choice.effects } : {}) };
  const target = choice.target ? { target: choice.target.target } : {};
  const { plan, aims, seed } = choice;
  if ('command' in choice) return { command: choice.command, plan, aims, seed, interrupted, receivers, ...target };
  const { idleSeconds } = choice.wait;
  return {
    plan,
    aims,
    seed,
    receivers,
    ...target,
    wait: {
      ...choice.wait,
      interrupted,
      serving: (serving: Serving) => {
        for (const line of servingLines(serving)) write(line);
        write(`Waiting for your client: judged once it has called and then been quiet for ${idleSeconds} s, or on Ctrl-C`);
      },
    },
  };
}

/** What a client started elsewhere needs: the variables `client -- COMMAND` sets, the token as the command that mints one. */
function servingLines({ baseUrl, token, fixtures }: Serving): string[] {
  const served = 'mintToken' in token ? 'the emulator' : 'the target, through the recording proxy,';
  const tokenLine =
    'mintToken' in token
      ? `mint one with curl -s -X ${token.mintToken.method} ${token.mintToken.url} (its "token"; this command prints no token, and the minting is not judged)`
      : 'variable' in token
        ? `the value of $${token.variable}, the manifest's token variable (this command prints no token)`
        : token.none;
  return [
    `Client: serving ${served} for your client at ${baseUrl}; start it with:`,
    `  ${CLIENT_ENV.baseUrl}=${baseUrl}`,
    ...Object.entries(fixtures).map(([name, value]) => `  ${name}=${value}`),
    `  ${CLIENT_ENV.token}: ${tokenLine}`,
  ];
}
