import { AREAS, type Area, type AreaSuite, type Scenario } from '../harness/engine/scenario.ts';
import { area as auth } from './auth/index.ts';
import { area as conventions } from './conventions/index.ts';
import { area as decisioning } from './decisioning/index.ts';
import { area as delivery } from './delivery/index.ts';
import { area as events } from './events/index.ts';
import { area as positivePay } from './positive-pay/index.ts';
import { area as sandbox } from './sandbox/index.ts';
import { area as webhooks } from './webhooks/index.ts';

// The areas are one list, AREAS (harness/engine/areas.ts); each is its folder suites/<area>/, whose
// index.ts exports the area. Every folder is imported here, in any order, since the package builds
// only what is imported; what the suite reads of the areas is then derived in AREAS's order.

const FOLDERS: readonly AreaSuite[] = [auth, conventions, decisioning, delivery, events, positivePay, sandbox, webhooks];

/** The area named, from its folder; a name of AREAS whose folder is not imported above stops the suite as it loads. */
function areaSuite(name: Area): AreaSuite {
  const found = FOLDERS.find((suite) => suite.name === name);
  if (!found) throw new Error(`the area ${name} of AREAS has no folder imported by suites/scenarioIndex.ts (suites/${name}/index.ts)`);
  return found;
}

const byArea = <T>(of: (suite: AreaSuite) => T): Record<Area, T> =>
  Object.fromEntries(AREAS.map((name) => [name, of(areaSuite(name))])) as Record<Area, T>;

/** Every scenario of the suite, by area: the catalogue gate reads this. */
export const SCENARIOS_BY_AREA: Record<Area, Scenario[]> = byArea((suite) => [...suite.scenarios]);

/** The response shapes each area's scenarios check on the way (AreaSuite.shapesCheckedOnTheWay). */
export const SHAPES_CHECKED_ON_THE_WAY: Record<Area, readonly string[]> = byArea((suite) => suite.shapesCheckedOnTheWay);
