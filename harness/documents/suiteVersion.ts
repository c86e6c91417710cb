import { readFileSync } from 'node:fs';

// The suite's version, as package.json states it: printed by --version and written to every report.

export function suiteVersion(): string {
  return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}
