import { describe, expect, test } from 'vitest';
import { takingTurns } from './takingTurns.ts';

// The turns the whole-run test files take (test/support/takingTurns.ts): never more than
// asked at once, every piece done, in the order asked, a failure passed on without
// losing its turn. Counts, never times: each piece waits on a promise the test settles.

function gatedPieces(count: number) {
  const releases: Array<() => void> = [];
  const started: number[] = [];
  let running = 0;
  let most = 0;
  const piece = (index: number) => async (): Promise<number> => {
    started.push(index);
    running += 1;
    most = Math.max(most, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    if (index === 1) throw new Error('piece 1 fails');
    return index;
  };
  return {
    pieces: Array.from({ length: count }, (_, index) => piece(index)),
    started,
    releaseOne: () => releases.shift()?.(),
    waitingRelease: () => releases.length,
    most: () => most,
  };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('takingTurns', () => {
  test('runs at most atOnce pieces together, the rest in the order asked, and passes a failure on', async () => {
    const turn = takingTurns(3);
    const gated = gatedPieces(7);
    const outcomes = gated.pieces.map((piece) => turn(piece).then(String, (error: Error) => error.message));
    await settle();
    expect(gated.started).toEqual([0, 1, 2]);
    while (gated.started.length < 7 || gated.waitingRelease() > 0) {
      gated.releaseOne();
      await settle();
      expect(gated.waitingRelease()).toBeLessThanOrEqual(3);
    }
    expect(gated.started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(gated.most()).toBe(3);
    expect(await Promise.all(outcomes)).toEqual(['0', 'piece 1 fails', '2', '3', '4', '5', '6']);
  });

  test('a turn handed over still counts: work asked later waits while the turns are taken', async () => {
    const turn = takingTurns(2);
    const gated = gatedPieces(6);
    const early = gated.pieces.slice(0, 4).map((piece) => turn(piece).catch(() => 'failed'));
    await settle();
    gated.releaseOne();
    gated.releaseOne();
    await settle();
    // Pieces 0 and 1 handed their turns to 2 and 3: two running, and the late ones must wait.
    expect(gated.started).toEqual([0, 1, 2, 3]);
    const late = gated.pieces.slice(4).map((piece) => turn(piece));
    await settle();
    expect(gated.started).toEqual([0, 1, 2, 3]);
    while (gated.waitingRelease() > 0) {
      gated.releaseOne();
      await settle();
    }
    expect(gated.started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gated.most()).toBe(2);
    expect(await Promise.all([...early, ...late])).toEqual([0, 'failed', 2, 3, 4, 5]);
  });

  test('one at a time is one at a time', async () => {
    const turn = takingTurns(1);
    const gated = gatedPieces(3);
    const outcomes = Promise.allSettled(gated.pieces.map((piece) => turn(piece)));
    await settle();
    expect(gated.started).toEqual([0]);
    for (let released = 0; released < 3; released++) {
      gated.releaseOne();
      await settle();
    }
    expect(gated.most()).toBe(1);
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  test('refuses a number of turns that is not a whole number of 1 or more', () => {
    expect(() => takingTurns(0)).toThrow(/atOnce must be a whole number of 1 or more, not 0/);
    expect(() => takingTurns(1.5)).toThrow(/not 1\.5/);
  });
});
