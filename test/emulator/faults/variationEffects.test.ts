import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../../emulator/emulator.ts';
import { TOLERATED_VARIATIONS, type ToleratedVariation, variationEnvironments } from '../../../emulator/faults/toleratedVariations.ts';
import type { Environment } from '../../../contract/catalogue/requirementCatalogue.ts';
import { WebhookSink } from '../../../harness/targetIO/webhookSink.ts';
import { ObservedPlaces, type ProbeTarget, VARIATION_PROBES } from '../variationProbes.ts';

// The verdict test runs the whole suite under each tolerated variation and
// requires that nothing fails; a variation that silently stopped being applied
// would pass it trivially. Here each variation must show: its probe observes
// something else on an emulator started with it than on a clean one, in every
// place the variation is applied, in each environment it takes effect in.

const variationNames = TOLERATED_VARIATIONS.map((variation) => variation.name);
const variationCases = TOLERATED_VARIATIONS.flatMap((variation) =>
  variationEnvironments(variation).map((environment) => [variation.name, environment] as const),
);

let sink: WebhookSink;
/** One clean emulator per environment for every case: each probe makes its own resources and observes only those. */
const clean = new Map<Environment, Emulator>();
let varied: Emulator | undefined;
let endpoints = 0;

const targetOf = (emulator: Emulator): ProbeTarget => ({
  baseUrl: emulator.url(),
  newEndpoint: () => sink.endpoint(`probe-${(endpoints += 1)}`),
});

/** [place, observation] pairs; a single observation is its variation's one place. */
const placesOf = (observation: unknown): Array<[string, unknown]> =>
  observation instanceof ObservedPlaces ? Object.entries(observation.places) : [['', observation]];

beforeAll(async () => {
  sink = await WebhookSink.start({ bindHost: '127.0.0.1' });
});
afterEach(async () => {
  await varied?.close();
  varied = undefined;
});
afterAll(async () => {
  for (const emulator of clean.values()) await emulator.close();
  await sink?.close();
});

test('every tolerated variation has a probe, and every probe a variation', () => {
  expect(Object.keys(VARIATION_PROBES).sort()).toEqual([...variationNames].sort());
});

async function cleanIn(environment: Environment): Promise<Emulator> {
  if (!clean.has(environment)) clean.set(environment, await startEmulator({ environment }));
  return clean.get(environment)!;
}

test.each(variationCases)('%s takes effect (%s)', async (name: ToleratedVariation, environment: Environment) => {
  const probe = VARIATION_PROBES[name];
  expect(probe, `no probe for ${name}`).toBeTypeOf('function');
  const observedClean = placesOf(await probe(targetOf(await cleanIn(environment))));
  varied = await startEmulator({ faults: [name], environment });
  const observedVaried = new Map(placesOf(await probe(targetOf(varied))));
  expect([...observedVaried.keys()]).toEqual(observedClean.map(([place]) => place));
  for (const [place, observation] of observedClean) {
    const where = place ? ` (${place})` : '';
    expect(observedVaried.get(place), `the emulator started with ${name} shows nothing of it${where}`).not.toEqual(observation);
  }
});
