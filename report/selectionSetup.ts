import { beforeEach } from 'vitest';
import { AREAS, type Area } from '../harness/scenario.ts';
import { SELECTION_ENV, type SelectedPositions } from './selectionPositions.ts';

// Vitest setup file of the conformance project: with `run --requirement` or
// `run --grep`, skip every scenario the CLI did not select, before it touches the
// target. The CLI passes the positions of the selected scenarios in their area
// (conformanceSuite registers one test per scenario, in order, in a describe named
// by the area) and checks afterwards that exactly those scenarios reported.

const text = process.env[SELECTION_ENV];
const selected = text ? (JSON.parse(text) as SelectedPositions) : undefined;

beforeEach((context) => {
  if (!selected) return;
  const suite = context.task.suite;
  const area = suite?.name as Area | undefined;
  if (!suite || !area || !(AREAS as readonly string[]).includes(area)) return;
  if (selected[area]?.includes(suite.tasks.indexOf(context.task))) return;
  (context.task.meta as { allureSkip?: boolean }).allureSkip = true;
  context.skip('not selected by --requirement/--grep');
});
