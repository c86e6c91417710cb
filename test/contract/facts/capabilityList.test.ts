import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CAPABILITIES } from '../../../contract/catalogue/requirementCatalogue.ts';
import { SCOPES } from '../../../contract/facts/scopes.ts';

// Capabilities (contract/catalogue/requirementCatalogue.ts) and scopes (contract/facts/scopes.ts, which the
// emulator and the harness both import) are written once in code. The manifest's schema
// repeats them as enums because users' editors read that file as it stands: the two MUST agree.

const schema = JSON.parse(readFileSync(new URL('../../../schemas/harness/target-manifest.schema.json', import.meta.url), 'utf8'));

test('the manifest schema offers exactly the capabilities the requirement catalogue knows', () => {
  expect([...schema.properties.capabilities.items.enum].sort()).toEqual([...CAPABILITIES].sort());
});

test('the manifest schema offers exactly the six scopes of section 5.1', () => {
  expect([...schema.properties.tokens.items.properties.scopes.items.enum].sort()).toEqual([...SCOPES].sort());
  expect(SCOPES).toHaveLength(6);
});
