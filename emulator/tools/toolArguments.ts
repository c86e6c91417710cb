import { parseArgs, type ParseArgsConfig } from 'node:util';
import { nearestNames } from './closeNames.ts';
import { DEFAULT_EMULATOR_URL, EMULATOR_URL_VARIABLE, ToolError } from './emulatorConnection.ts';

// The flags `trigger` and `deliveries` share, read the same way.

export function readToolArguments<O extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: O) {
  try {
    return parseArgs({
      args: [...argv],
      options: { ...options, url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new ToolError(refusalLine(error, [...Object.keys(options), 'url', 'help'], []));
  }
}

/**
 * parseArgs' refusal as the suite words one (cli/usageErrorLine.ts): what is wrong,
 * the nearest valid spellings of a mistyped option or command, and where the list is.
 */
export function refusalLine(error: unknown, options: readonly string[], commands: readonly string[]): string {
  const { message, code } = error as Error & { code?: string };
  const word = /'([^']+)'/.exec(message)?.[1];
  const nearest = (known: readonly string[]) => {
    const names = word === undefined ? [] : nearestNames(word, known);
    return names.length > 0 ? ` (did you mean ${names.join(' or ')}?)` : '';
  };
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && word !== undefined)
    return `unknown option '${word}'${nearest(options.map((name) => `--${name}`))}; --help lists all`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && word !== undefined)
    return `unknown command '${word}'${nearest(commands)}; --help lists all`;
  return `${message.split('\n')[0]!.replace(/\.$/, '')}; --help lists all`;
}

export function emulatorUrl(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  return flag ?? env[EMULATOR_URL_VARIABLE] ?? DEFAULT_EMULATOR_URL;
}

export function wholeNumber(flag: string, raw: string | undefined, min: number, max: number, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new ToolError(`--${flag} must be an integer from ${min} to ${max}; got '${raw}'`);
  return value;
}
