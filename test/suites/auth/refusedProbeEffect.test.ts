import { expect, test } from 'vitest';
import { stateChange } from '../../../suites/shared/ownResourceProbes.ts';

// A refused probe is judged by its own effect: a webhook found Unavailable after a refused
// disable was moved by 3.2's own transition (an endpoint unresponsive for 2 days, on a clock
// another run moved), not by the disable, which sets Disabled.

const setsDisabled = (value: unknown) => value === 'Disabled';

test('a refused disable: Disabled is its effect, Unavailable a move of the target its own, no change nothing', () => {
  expect(stateChange('webhook 1018 status', 'Enabled', 'Disabled', setsDisabled)).toEqual({
    effect: 'webhook 1018 status is now "Disabled", was "Enabled"',
  });
  expect(stateChange('webhook 1018 status', 'Enabled', 'Unavailable', setsDisabled)).toEqual({
    byItself: 'webhook 1018 status is now "Unavailable", was "Enabled"',
  });
  expect(stateChange('webhook 1018 status', 'Enabled', 'Enabled', setsDisabled)).toEqual({});
});
