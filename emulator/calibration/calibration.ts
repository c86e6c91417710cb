import type { ToleratedVariation } from '../faults/toleratedVariations.ts';
import { type Behaviour, CALIBRATION_SWITCHES, type CalibrationSwitch, MeasuredRange, OWN_BEHAVIOUR } from './calibrationSwitches.ts';
import type { ObservedRequirement, ObservedRun } from './observedRun.ts';

// From a run's observations to the variations that make the emulator choose as
// the observed target chose (emulator/calibration/calibrationSwitches.ts), and an
// account of every OBSERVE requirement: adopted, or not followed and why.

export interface AdoptedObservation {
  requirement: string;
  values: unknown[];
  behaviour: Behaviour;
  choice: string;
}

export interface UnfollowedObservation {
  requirement: string;
  values: unknown[];
  reason: string;
}

export interface Calibration {
  target: string;
  startedAt: string;
  /** The variations to start with, each once. */
  variations: ToleratedVariation[];
  adopted: AdoptedObservation[];
  unfollowed: UnfollowedObservation[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects match on the members the rule names, a measured number within its range; anything else must be equal. */
export function matchesRule(observed: unknown, wanted: unknown): boolean {
  if (wanted instanceof MeasuredRange) return typeof observed === 'number' && observed >= wanted.from && observed < wanted.below;
  if (isRecord(wanted))
    return isRecord(observed) && Object.entries(wanted).every(([member, value]) => matchesRule(observed[member], value));
  return JSON.stringify(observed) === JSON.stringify(wanted);
}

const distinct = (values: readonly unknown[]): unknown[] => [...new Map(values.map((value) => [JSON.stringify(value), value])).values()];

/** A value as one short line. */
export function shownValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** At most two values, and how many more. */
const valuesText = (values: readonly unknown[]): string =>
  values.length === 0
    ? ''
    : ` ${values.slice(0, 2).map(shownValue).join(', ')}${values.length > 2 ? ` (and ${values.length - 2} more)` : ''}`;

const behaviourText = (behaviour: Behaviour): string =>
  behaviour === OWN_BEHAVIOUR ? "the emulator's own behaviour" : `variation ${behaviour}`;

type Reading = { requirement: string; values: unknown[]; behaviour: Behaviour } | UnfollowedObservation;

/** One requirement of a switch: the one behaviour its values call for, or why there is none. */
function readRequirement(id: string, switched: CalibrationSwitch, result: ObservedRequirement | undefined): Reading {
  if (!result) return { requirement: id, values: [], reason: 'no observation: the run did not judge it' };
  const values = distinct(result.observed);
  if (values.length === 0)
    return { requirement: id, values, reason: `no observation: ${result.outcome}${result.reason ? ` (${result.reason})` : ''}` };
  const rules = switched.rules.filter((rule) => rule.requirement === id);
  const behaviours = values.map((value) => rules.find((rule) => matchesRule(value, rule.matches))?.behaviour);
  const unswitched = values.filter((_, index) => behaviours[index] === undefined);
  if (unswitched.length > 0)
    return { requirement: id, values, reason: `no switch makes ${unswitched.map(shownValue).join(', ')} (${switched.choice})` };
  const chosen = distinct(behaviours) as Behaviour[];
  if (chosen.length > 1)
    return {
      requirement: id,
      values,
      reason: `conflicting values: ${values.map((value, index) => `${shownValue(value)} → ${behaviourText(behaviours[index]!)}`).join('; ')}`,
    };
  return { requirement: id, values, behaviour: chosen[0]! };
}

function calibrateSwitch(switched: CalibrationSwitch, byId: ReadonlyMap<string, ObservedRequirement>, into: Calibration): void {
  const readings = [...new Set(switched.rules.map((rule) => rule.requirement))].map((id) => readRequirement(id, switched, byId.get(id)));
  const followed = readings.filter((reading): reading is Exclude<Reading, UnfollowedObservation> => 'behaviour' in reading);
  into.unfollowed.push(...readings.filter((reading): reading is UnfollowedObservation => 'reason' in reading));
  const chosen = [...new Set(followed.map((reading) => reading.behaviour))];
  if (chosen.length > 1) {
    // One switch for all of them: observations that call for both leave it as it is.
    const called = followed.map((reading) => `${reading.requirement} → ${behaviourText(reading.behaviour)}`).join('; ');
    for (const reading of followed)
      into.unfollowed.push({ requirement: reading.requirement, values: reading.values, reason: `conflicting values: ${called}` });
    return;
  }
  for (const reading of followed) into.adopted.push({ ...reading, choice: switched.choice });
  const variation = chosen[0];
  if (variation && variation !== OWN_BEHAVIOUR && !into.variations.includes(variation)) into.variations.push(variation);
}

export function calibrate(run: ObservedRun, switches: readonly CalibrationSwitch[] = CALIBRATION_SWITCHES): Calibration {
  const calibration: Calibration = { target: run.target, startedAt: run.startedAt, variations: [], adopted: [], unfollowed: [] };
  const byId = new Map(run.requirements.map((result) => [result.id, result]));
  for (const switched of switches) calibrateSwitch(switched, byId, calibration);
  const switchedIds = new Set(switches.flatMap((switched) => switched.rules.map((rule) => rule.requirement)));
  for (const result of run.requirements) {
    if (result.level !== 'OBSERVE' || switchedIds.has(result.id)) continue;
    calibration.unfollowed.push({
      requirement: result.id,
      values: distinct(result.observed),
      reason: 'no switch: the emulator keeps its own choice',
    });
  }
  return calibration;
}

/** What the emulator prints at start: each observation adopted, each not followed with the reason. */
export function calibrationLines(calibration: Calibration, source: string): string[] {
  const { adopted, unfollowed, variations } = calibration;
  return [
    `calibrated from ${source} (${calibration.target}, run of ${calibration.startedAt}): ${variations.length > 0 ? `variations ${variations.join(', ')}` : 'no variation'}`,
    ...adopted.map((entry) => `  adopted        ${entry.requirement}${valuesText(entry.values)} → ${behaviourText(entry.behaviour)}`),
    ...unfollowed.map((entry) => `  not followed   ${entry.requirement}${valuesText(entry.values)}: ${entry.reason}`),
  ];
}
