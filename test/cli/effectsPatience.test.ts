import { expect, test } from 'vitest';
import { receiverConfig } from '../../cli/receiverValues.ts';
import { receiverReplayArguments } from '../../cli/commandLineText.ts';
import { DEFAULT_EFFECTS_PATIENCE_MS } from '../../receiver/receiverConfig.ts';
import { runCli } from './cliProcess.ts';

// receiver --effects-patience S: the longest the effects probe is read for while its
// counts settle. Parsed once, in cli/, into milliseconds handed down as a value; bad
// input is one line naming the option, exit 2, before anything is judged.

const RECEIVER = { url: 'http://127.0.0.1:1/webhook', tokenEnv: 'T' };

test('--effects-patience is seconds, handed down as milliseconds, said again in the replay only when not the default', () => {
  const given = receiverConfig({ ...RECEIVER, effectsPatience: '2.5' }, { T: 'x' });
  expect(given.effectsPatienceMs).toBe(2_500);
  expect(receiverReplayArguments(given)).toEqual(expect.arrayContaining(['--effects-patience', '2.5']));
  const unset = receiverConfig(RECEIVER, { T: 'x' });
  expect(unset.effectsPatienceMs).toBe(DEFAULT_EFFECTS_PATIENCE_MS);
  expect(receiverReplayArguments(unset)).not.toContain('--effects-patience');
});

test('a patience that is not a number of seconds from 1 to 600 is one line naming the option, exit 2', async () => {
  for (const bad of ['soon', '0', '-3', '601', ''])
    expect(() => receiverConfig({ ...RECEIVER, effectsPatience: bad }, { T: 'x' }), bad).toThrow(
      /^--effects-patience must be a number of seconds from 1 to 600; got '.*'$/,
    );
  const result = await runCli(['receiver', ...['--url', RECEIVER.url, '--token-env', 'T', '--effects-patience', 'soon']], { T: 'x' });
  expect(result.code).toBe(2);
  expect(result.stdout + result.stderr).toMatch(/--effects-patience must be a number of seconds from 1 to 600; got 'soon'/);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
}, 60_000);
