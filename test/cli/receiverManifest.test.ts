import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { optionsWithManifest } from '../../cli/receiverCommand.ts';
import { receiverConfig } from '../../cli/receiverValues.ts';

// `receiver --target FILE`: the manifest's `receiver` section describes the
// receiver, options on the command line win field by field, and a bad or
// missing section is a setup error that says what to fix.

const scratch = mkdtempSync(join(tmpdir(), 'bac-receiver-manifest-'));
const base = { name: 'sandbox with my receiver', baseUrl: 'http://127.0.0.1:9', environment: 'sandbox', capabilities: ['core'] };
function manifest(name: string, extra: Record<string, unknown>): string {
  const path = join(scratch, name);
  writeFileSync(path, JSON.stringify({ ...base, ...extra }));
  return path;
}

describe('receiver options from a manifest', () => {
  test('the receiver section fills what the command line leaves out', () => {
    const target = manifest('receiver.json', {
      receiver: {
        url: 'http://127.0.0.1:3000/hooks',
        tokenEnv: 'MY_TOKEN',
        deliveryMode: 'AtMostOnce',
        timeoutMs: 2000,
        effects: 'http://127.0.0.1:3000/effects',
      },
    });
    const options = optionsWithManifest({ target, reportDir: 'reports', deliveryMode: 'AtLeastOnce', contentType: undefined });
    const config = receiverConfig(options, { MY_TOKEN: 'a-token-value' });
    expect(config).toMatchObject({
      url: 'http://127.0.0.1:3000/hooks',
      tokenEnv: 'MY_TOKEN',
      deliveryMode: 'AtLeastOnce',
      contentType: 'Json',
      timeoutMs: 2000,
      effectsUrl: 'http://127.0.0.1:3000/effects',
    });
  });

  test('a manifest without a receiver section names what to add', () => {
    expect(() => optionsWithManifest({ target: manifest('plain.json', {}), reportDir: 'reports' })).toThrow(/has no "receiver" section/);
  });

  test('a bad value in the section is refused by the manifest schema, naming the field', () => {
    expect(() =>
      optionsWithManifest({
        target: manifest('bad.json', { receiver: { url: 'http://127.0.0.1:3000/', tokenEnv: 'T', deliveryMode: 'Sometimes' } }),
        reportDir: 'reports',
      }),
    ).toThrow(/deliveryMode/);
  });

  test('without --target or a section, url and token are asked for by name', () => {
    expect(() => receiverConfig({ tokenEnv: 'T' }, { T: 'x' })).toThrow(/--url is required/);
    expect(() => receiverConfig({ url: 'http://127.0.0.1:1/' }, {})).toThrow(/--token-env is required/);
    // The same setup error (exit 2, one line) as a receiver that is not running, naming the variable.
    expect(() => receiverConfig({ url: 'http://127.0.0.1:1/', tokenEnv: 'NOT_SET_HERE' }, {})).toThrow(
      /--token-env NOT_SET_HERE: the variable is not set or empty/,
    );
    expect(() => receiverConfig({ url: 'ftp://x', tokenEnv: 'T' }, { T: 'x' })).toThrow(/--url must be an http\(s\) URL/);
    expect(() => receiverConfig({ url: 'http://127.0.0.1:1/', tokenEnv: 'T', timeoutMs: 'soon' }, { T: 'x' })).toThrow(
      /--timeout-ms must be/,
    );
  });
});
