import { AREAS, type Area, type Scenario } from '../harness/engine/scenario.ts';
import type { ShardInfo } from '../verdict/resultsDocument.ts';

// `run --shard i/n`: which scenarios shard i of n runs. Scenario k of an area
// goes to shard (k + the area's position) mod n, so every area is spread over
// all shards and the split is the same on every machine and for any --only.
// The plan (run/runPlan.ts) selects with it; cli/runValues.ts reads `i/n`.

export const formatShard = (shard: ShardInfo): string => `${shard.index}/${shard.count}`;

export function inShard(area: Area, scenarioIndex: number, shard: ShardInfo): boolean {
  return (scenarioIndex + AREAS.indexOf(area)) % shard.count === shard.index - 1;
}

export function scenariosOfShard(area: Area, scenarios: readonly Scenario[], shard: ShardInfo | undefined): Scenario[] {
  return shard ? scenarios.filter((_, index) => inShard(area, index, shard)) : [...scenarios];
}
