import { expect, test } from 'vitest';
import { ClockTurns } from '../../../suites/decisioning/clockTurns.ts';

// The lifecycle's lanes take the target's clock in turns: every case reads it from start to
// end, so it moves only when every case in flight has come to its move, once for them all;
// cases that come while a move is gathered start after it. Held by the order of events, not by time.

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function journal(turns: ClockTurns) {
  const log: string[] = [];
  let inFlight = 0;
  /** A case `turnsLong` event-loop turns long; a mover moves the clock after `moveAfter` of them. */
  const work = (name: string, turnsLong: number, moveAfter?: number) => async (): Promise<void> => {
    inFlight += 1;
    log.push(`${name} starts beside ${inFlight - 1}`);
    for (let step = 0; step < turnsLong; step += 1) {
      if (step === moveAfter) {
        await turns.move(async () => void log.push(`the clock moves with ${inFlight} in flight`));
        log.push(`${name} moved`);
      }
      await turn();
    }
    log.push(`${name} ends`);
    inFlight -= 1;
  };
  return { log, work, at: (entry: string) => log.indexOf(entry) };
}

test('the clock moves only when no other case is in flight, and cases that come meanwhile wait for the move', async () => {
  const turns = new ClockTurns();
  const { log, work, at } = journal(turns);
  const first = turns.beside(work('a', 6));
  const mover = turns.mover(work('m', 6, 1));
  await turn();
  await turn();
  await turn();
  // The mover now waits at its move for a; b comes while it waits.
  const later = turns.beside(work('b', 1));
  await Promise.all([first, mover, later]);

  expect(at('m starts beside 1')).toBeGreaterThan(-1);
  expect(at('the clock moves with 1 in flight')).toBeGreaterThan(at('a ends'));
  // b starts on the day after the move: once it is made.
  expect(at('b starts beside 1')).toBeGreaterThan(at('the clock moves with 1 in flight'));
  expect(at('m moved')).toBeGreaterThan(at('the clock moves with 1 in flight'));
  expect(log).toHaveLength(8);
});

test('movers in flight together wait for each other and share one move', async () => {
  const turns = new ClockTurns();
  const { log, work, at } = journal(turns);
  await Promise.all([turns.mover(work('m1', 4, 0)), turns.mover(work('m2', 4, 2))]);
  expect(at('m2 starts beside 1')).toBeGreaterThan(-1);
  expect(log.filter((entry) => entry.startsWith('the clock moves'))).toEqual(['the clock moves with 2 in flight']);
  // m1 came to its move first and waited there until m2 came to its own.
  expect(at('m1 moved')).toBeGreaterThan(at('the clock moves with 2 in flight'));
  expect(at('m2 moved')).toBeGreaterThan(at('the clock moves with 2 in flight'));
});

test('a move outside a mover case is refused, and a failing case gives its turn back', async () => {
  const turns = new ClockTurns();
  await expect(turns.beside(() => turns.move(async () => {}))).rejects.toThrow(/outside a mover case/);
  await expect(
    turns.mover(async () => {
      throw new Error('disagrees');
    }),
  ).rejects.toThrow('disagrees');
  let moved = 0;
  await turns.mover(() => turns.move(async () => void (moved += 1)));
  expect(moved).toBe(1);
  await expect(turns.beside(async () => 'ran')).resolves.toBe('ran');
});
