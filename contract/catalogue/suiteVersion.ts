import { readFileSync } from 'node:fs';

// The suite's name and version, as package.json states them: the version is printed by
// --version and written to every report; the name labels what the suite writes (Allure's tests).

const packageJson = (): { name: string; version: string } =>
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

export function suiteVersion(): string {
  return packageJson().version;
}

export function suiteName(): string {
  return packageJson().name;
}
