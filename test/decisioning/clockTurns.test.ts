import { expect, test } from 'vitest';
import { ClockTurns } from '../../suites/decisioning/clockTurns.ts';

// The lifecycle's lanes take the target's clock in turns: cases that leave it alone run
// together, a case that moves it runs with nothing else in flight, and one waiting to move
// it is not overtaken by cases that come after it. Counted by the order of events, not by time.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

test('a case that moves the clock runs alone, after those in flight and before those that came later', async () => {
  const turns = new ClockTurns();
  const log: string[] = [];
  let inFlight = 0;
  let mostBeside = 0;
  const work = (name: string, turnsLong: number) => async () => {
    inFlight += 1;
    mostBeside = Math.max(mostBeside, inFlight);
    log.push(`${name} starts with ${inFlight - 1} beside`);
    for (let step = 0; step < turnsLong; step += 1) await turn();
    log.push(`${name} ends`);
    inFlight -= 1;
  };
  const first = turns.beside(work('a', 3));
  const second = turns.beside(work('b', 5));
  await turn();
  const mover = turns.alone(work('move', 2));
  await turn();
  const later = turns.beside(work('c', 1));
  const secondMover = turns.alone(work('move again', 1));
  await Promise.all([first, second, mover, later, secondMover]);

  expect(mostBeside).toBe(2);
  const at = (entry: string) => log.indexOf(entry);
  // Both in flight finish before the move starts; the move runs with none beside it.
  expect(at('move starts with 0 beside')).toBeGreaterThan(at('a ends'));
  expect(at('move starts with 0 beside')).toBeGreaterThan(at('b ends'));
  expect(at('move ends')).toBe(at('move starts with 0 beside') + 1);
  expect(at('move again starts with 0 beside')).toBe(at('move ends') + 1);
  // The case that came while the movers waited runs after them.
  expect(at('c starts with 0 beside')).toBeGreaterThan(at('move again ends'));
});

test('a failing case gives its turn back', async () => {
  const turns = new ClockTurns();
  await expect(
    turns.alone(async () => {
      throw new Error('disagrees');
    }),
  ).rejects.toThrow('disagrees');
  await expect(turns.beside(async () => 'ran')).resolves.toBe('ran');
  await expect(
    turns.beside(async () => {
      throw new Error('disagrees');
    }),
  ).rejects.toThrow('disagrees');
  await expect(turns.alone(async () => 'ran alone')).resolves.toBe('ran alone');
});
