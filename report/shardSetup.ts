import { beforeEach } from 'vitest';
import { AREAS, type Area } from '../harness/scenario.ts';
import { inShard, parseShard, SHARD_ENV } from '../run/scenarioShard.ts';

// Vitest setup file of the conformance project: with `run --shard i/n`, skip the
// scenarios another shard runs, before they touch the target. conformanceSuite
// registers one test per scenario, in order, inside a describe named by the
// area, so a test's position is its scenario's index (the CLI checks afterwards
// that exactly the expected scenarios reported). Hidden from Allure too, as
// allure-vitest does for tests outside its test plan.

const shardText = process.env[SHARD_ENV];
const shard = shardText ? parseShard(shardText) : undefined;

beforeEach((context) => {
  if (!shard) return;
  const suite = context.task.suite;
  const area = suite?.name as Area | undefined;
  if (!suite || !area || !(AREAS as readonly string[]).includes(area)) return;
  if (inShard(area, suite.tasks.indexOf(context.task), shard)) return;
  (context.task.meta as { allureSkip?: boolean }).allureSkip = true;
  context.skip(`shard ${shardText}: runs in another shard`);
});
