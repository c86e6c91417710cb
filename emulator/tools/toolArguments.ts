import { parseArgs, type ParseArgsConfig } from 'node:util';
import { DEFAULT_EMULATOR_URL, EMULATOR_URL_VARIABLE, ToolError } from './emulatorConnection.ts';

// The flags `trigger` and `deliveries` share, read the same way.

export function readToolArguments<O extends NonNullable<ParseArgsConfig['options']>>(argv: readonly string[], options: O, usage: string) {
  try {
    return parseArgs({
      args: [...argv],
      options: { ...options, url: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new ToolError(`${(error as Error).message}\n${usage}`);
  }
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
