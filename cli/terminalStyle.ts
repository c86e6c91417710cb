import type { Outcome } from '../harness/records/checkRecords.ts';

// Colour for outcomes and the verdict on a terminal, and only there: off when the
// output is not a TTY, when NO_COLOR is set (no-color.org) and in CI logs (CI set),
// so files and logs stay plain text.

export interface TerminalStyle {
  readonly colour: boolean;
  outcome(outcome: Outcome, text?: string): string;
  verdict(conformant: boolean, text: string): string;
  dim(text: string): string;
}

const CODES: Record<Outcome, string> = { PASS: '32', FAIL: '31', WARN: '33', UNTESTABLE: '35', SKIP: '90', OBSERVED: '36' };

const paint = (code: string, text: string) => `\u001b[${code}m${text}\u001b[0m`;

export function colourWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && !env.NO_COLOR && !env.CI;
}

export function terminalStyle(colour: boolean): TerminalStyle {
  return {
    colour,
    outcome: (outcome, text = outcome) => (colour ? paint(CODES[outcome], text) : text),
    verdict: (conformant, text) => (colour ? paint(conformant ? '1;32' : '1;31', text) : text),
    dim: (text) => (colour ? paint('2', text) : text),
  };
}

export const PLAIN: TerminalStyle = terminalStyle(false);
