import { expect, test } from 'vitest';
import { behaviourWith, type EdgeFault } from '../../../emulator/faults/edgeFault.ts';

interface Counting {
  batchSize: number;
  label: (name: string) => string;
}

const correct: Counting = { batchSize: 64, label: (name) => name };
const faults: ReadonlyArray<EdgeFault<Counting>> = [
  { name: 'one-more', description: 'one more per batch', breaks: ['X-1'], wrap: (b) => ({ ...b, batchSize: b.batchSize + 1 }) },
  { name: 'shouting', description: 'labels in capitals', breaks: ['X-2'], wrap: (b) => ({ ...b, label: (n) => b.label(n).toUpperCase() }) },
];

test('with no active fault the correct behaviour is returned as it is', () => {
  expect(behaviourWith(correct, faults, new Set())).toBe(correct);
});

test('an active fault deviates in its member only; names it does not know are ignored', () => {
  const faulted = behaviourWith(correct, faults, new Set(['one-more', 'some-variation']));
  expect(faulted.batchSize).toBe(65);
  expect(faulted.label('a')).toBe('a');
});

test('active faults compose, each wrapping what the ones before it made', () => {
  const faulted = behaviourWith(correct, faults, new Set(['shouting', 'one-more']));
  expect([faulted.batchSize, faulted.label('ab')]).toEqual([65, 'AB']);
});
