import { afterAll, expect, test } from 'vitest';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from '../../emulator/faults/toleratedVariations.ts';
import { type EmulatorProcess, startEmulatorProcess } from './emulatorProcess.ts';

// An emulator started with faults or variations says so at start, a line for
// each, so nobody mistakes a deliberately broken emulator for a correct one.

const started: EmulatorProcess[] = [];
afterAll(() => {
  for (const emulator of started) emulator.stop();
});

test('each active fault and variation has a line of the start-up report', async () => {
  const fault = FAULTS[0]!;
  const variation = TOLERATED_VARIATIONS[0]!;
  const emulator = await startEmulatorProcess(['--fault', fault.name, '--fault', variation.name]);
  started.push(emulator);
  const lines = emulator.output().split('\n');
  expect(lines).toContain(`  fault ${fault.name} active: breaks ${fault.breaks.join(', ')}: ${fault.description}`);
  expect(lines).toContain(`  variation ${variation.name} active: ${variation.description}`);
});
