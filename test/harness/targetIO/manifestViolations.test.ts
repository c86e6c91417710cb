import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { validateManifest } from '../../../harness/targetIO/targetManifest.ts';

// A manifest error MUST name the offending key and its path, suggest the closest
// known key, and list every violation, not only the first.

const valid = JSON.parse(readFileSync(new URL('../../../targets/emulator.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function refusal(manifest: unknown): string {
  try {
    validateManifest(manifest, 'm.json');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the manifest was accepted');
}

test('a misspelt key is named, with the key it was meant to be', () => {
  const { capabilities, ...rest } = valid;
  const message = refusal({ ...rest, capabilites: capabilities });
  expect(message).toContain('field capabilites is not a known key (did you mean capabilities?)');
  expect(message).toContain('field capabilities is required but missing');
});

test('an unknown key deep in the manifest is named by its path, beside every other violation', () => {
  const message = refusal({ ...valid, environment: 'staging', webhookSink: { bindHostt: '127.0.0.1' } });
  expect(message).toMatch(/field webhookSink\.bindHostt is not a known key \(did you mean bindHost\?\)/);
  expect(message).toMatch(/field environment /);
});

test('a key far from every known one gets no suggestion', () => {
  expect(refusal({ ...valid, zzzzzzzz: 1 })).toMatch(/field zzzzzzzz is not a known key$/);
});
