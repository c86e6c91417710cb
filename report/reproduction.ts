import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import type { CheckRecord, ExchangeExcerpt, Outcome } from '../harness/records/checkRecords.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import { CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';

// How to reproduce a failure by hand: a curl command that sends the request of an
// exchange again (the token replaced by $BANKING_API_TOKEN, never written out),
// and (written by cli/commandLineText.ts, handed in) the command that replays the whole scenario
// with the same generated data.

export const TOKEN_VARIABLE = 'BANKING_API_TOKEN';
/** Outcomes a person wants to reproduce. */
export const REPRODUCIBLE: ReadonlySet<Outcome> = new Set(['FAIL', 'WARN', 'UNTESTABLE']);

const MASK = '[redacted]';
/** Bodies the evidence does not keep whole: binary ones and ones cut at the excerpt limit. */
const BINARY_BODY = /^<(\d+) bytes of (.+)>$/;
const CUT_BODY = /… \((\d+) characters\)$/;

/** POSIX shell single quoting: safe for any text. */
export const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

export interface CurlCommand {
  command: string;
  /** Set when the body could not be put inline: what the file named in the command must hold. */
  bodyNote?: string;
  /** The command sends $BANKING_API_TOKEN: a token must be in it first (a receiver's delivery carries none). */
  usesToken: boolean;
}

function authorizationOption(value: string): string {
  // The redactor keeps a scheme ("Bearer [redacted]") or masks the whole value.
  const scheme = /^([A-Za-z][\w-]*) \[redacted\]$/.exec(value)?.[1];
  if (value === MASK || scheme) return `-H "authorization: ${scheme ? `${scheme} ` : ''}$${TOKEN_VARIABLE}"`;
  return `-H ${shellQuote(`authorization: ${value}`)}`;
}

export function curlCommand(exchange: ExchangeExcerpt): CurlCommand {
  const { request } = exchange;
  const parts = ['curl', '-i', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    // The suite accepts coded answers and decodes them (harness/targetIO/contentCoding.ts); curl does both with --compressed.
    if (name.toLowerCase() === 'accept-encoding') parts.push('--compressed');
    else parts.push(name.toLowerCase() === 'authorization' ? authorizationOption(value) : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  const usesToken = parts.some((part) => part.includes(`$${TOKEN_VARIABLE}`));
  if (request.body === undefined) return { command: parts.join(' '), usesToken };
  const binary = BINARY_BODY.exec(request.body);
  const cut = CUT_BODY.exec(request.body);
  if (binary || cut) {
    parts.push('--data-binary', '@request-body');
    const size = binary ? `${binary[1]} bytes of ${binary[2]}` : `${cut?.[1]} characters, cut in the evidence`;
    return { command: parts.join(' '), bodyNote: `put the request body (${size}) in the file request-body`, usesToken };
  }
  parts.push('--data-raw', shellQuote(request.body));
  return { command: parts.join(' '), usesToken };
}

/**
 * How the command line replays a failure: its own words, so cli/commandLineText.ts (replayOf) writes
 * them from the document's values and hands them to the faces that show them (report.html, summary.md).
 */
export interface Replay {
  /** The command that replays a failure, by the scenario that recorded it (or, without one, the requirement). */
  command(itemId: string | undefined, requirementId: string): string;
  /** What a container's replay command leaves out, for the user to add: its environment (the values may be secrets). */
  leftOut: string;
}

/** What every curl command of a document needs said once, above them all. */
export interface CurlGuide {
  /** False when the target stopped with the run: no curl command is shown, `note` says why. */
  shown: boolean;
  /** The one line above the curl commands (or in their place). */
  note?: string;
  /** Puts a freshly minted token (every scope) in $BANKING_API_TOKEN: run once before the curl commands. */
  mintCommand?: string;
}

/** Whether a document's curl commands can run after it ended, and what they need first; from what the run knew of its target. */
export function curlGuide(document: Pick<ResultsDocument, 'requestReplay'>, { leftOut }: Pick<Replay, 'leftOut'>): CurlGuide {
  const replay = document.requestReplay;
  if (replay?.targetStopped) {
    // A container's environment is not in the replay command (reports repeat none): the user adds it.
    const again =
      replay.targetStopped === 'container'
        ? `each replay command below starts the image again (add ${leftOut})`
        : 'each replay command below starts one of its own';
    return {
      shown: false,
      note: `No curl commands: the run's ${replay.targetStopped} stopped with the run, so its URL answers no more; ${again}.`,
    };
  }
  if (replay?.mintTokenUrl) {
    // The emulator answers {"token": ...}; node is there wherever the suite runs, jq need not be.
    const token = `node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).token'`;
    return {
      shown: true,
      note: `The curl commands below need a token in ${TOKEN_VARIABLE}; the target mints one:`,
      mintCommand: `export ${TOKEN_VARIABLE}="$(curl -s -X ${CONTROL_ROUTES.mintToken.method} ${shellQuote(replay.mintTokenUrl)} | ${token})"`,
    };
  }
  return { shown: true };
}

/** The heading of one curl command: what it needs before it runs, given what the guide said above. */
export function curlHeading(curl: CurlCommand, guide: CurlGuide): string {
  const token = curl.usesToken
    ? guide.mintCommand
      ? 'with the token minted above'
      : `export ${TOKEN_VARIABLE} first: a token of the target with the scopes the request needs`
    : undefined;
  const needs = [token, curl.bodyNote].filter((note) => note !== undefined);
  return needs.length > 0 ? `curl (${needs.join('; ')})` : 'curl';
}

/** The checks of a requirement worth reproducing: its FAIL, WARN and UNTESTABLE checks. */
export const reproducibleChecks = (result: RequirementResult): CheckRecord[] =>
  result.checks.filter((check) => REPRODUCIBLE.has(check.outcome));
