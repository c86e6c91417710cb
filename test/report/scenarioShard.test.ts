import { describe, expect, test } from 'vitest';
import { AREAS } from '../../harness/engine/scenario.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { parseShard } from '../../cli/runValues.ts';
import { scenariosOfShard } from '../../run/scenarioShard.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';

// run --shard i/n: the shards partition the scenarios, evenly, the same way every time.

describe('scenario shards', () => {
  test.each([1, 2, 3, 4, 7])('%i shard(s) hold every scenario exactly once, within one scenario per area of even', (count) => {
    const all = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area].map((scenario) => scenario.id));
    const shards = Array.from({ length: count }, (_, i) =>
      AREAS.flatMap((area) => scenariosOfShard(area, SCENARIOS_BY_AREA[area], { index: i + 1, count }).map((scenario) => scenario.id)),
    );
    expect(shards.flat().sort()).toEqual([...all].sort());
    const sizes = shards.map((shard) => shard.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(AREAS.length);
  });

  test('without a shard every scenario is selected', () => {
    expect(scenariosOfShard('positive-pay', SCENARIOS_BY_AREA['positive-pay'], undefined)).toEqual(SCENARIOS_BY_AREA['positive-pay']);
  });

  test('parses i/n and refuses anything else with a setup error', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    for (const bad of ['0/2', '3/2', '1/0', '2', 'a/b', '1/2/3']) expect(() => parseShard(bad), bad).toThrow(SetupError);
  });
});
