import { describe, expect, test } from 'vitest';
import { perturbationPlan } from '../../cli/clientValues.ts';
import { planText } from '../../cli/commandLineText.ts';
import { SetupError } from '../../harness/records/setupError.ts';

// client --plan with parameters (issue 52, item 2, begun): `NAME:KEY=VALUE,KEY=VALUE` aims a perturbation
// at an operation, the Nth call of it and how many times in a row, while `--plan a,b` and `none` read as
// ever. Each wrong parameter is one line naming what is wrong (the closest name where there is one), and a
// plan is written back, for its replay, as it was read.

const refusal = (text: string): string => {
  try {
    perturbationPlan(text);
  } catch (error) {
    if (error instanceof SetupError) return error.message;
    throw error;
  }
  throw new Error(`--plan ${text} was taken`);
};

describe('--plan with parameters', () => {
  test("a plan of names reads as ever; parameters follow their perturbation's name, and go with the one before them", () => {
    expect(perturbationPlan('slow-answer,retry-after-429')).toEqual({ plan: ['retry-after-429', 'slow-answer'], aims: {} });
    expect(perturbationPlan('none')).toEqual({ plan: [], aims: {} });
    expect(perturbationPlan('retry-after-429:op=webhook.create,times=2,call=3,slow-answer')).toEqual({
      plan: ['retry-after-429', 'slow-answer'],
      aims: { 'retry-after-429': { op: 'webhook.create', times: 2, call: 3 } },
    });
  });

  test('a plan is written back, for its replay, as it was read', () => {
    for (const text of ['retry-after-429:op=webhook.create,times=2,slow-answer', 'retry-after-429,more-than-one-page', 'none'])
      expect(planText(perturbationPlan(text))).toBe(text);
  });

  test('an unknown operation names the closest; a read is no operation a 429 of a write may aim at', () => {
    expect(refusal('retry-after-429:op=webhook.creat')).toBe(
      "--plan: retry-after-429: op: 'webhook.creat' is no operation that writes (did you mean webhook.create?)",
    );
    expect(refusal('retry-after-429:op=event.list')).toMatch(/^--plan: retry-after-429: op: 'event\.list' is no operation that writes/);
    // A 503 before or after a create is aimed at a create that makes a new resource, never the policy, which a second sets again.
    expect(refusal('status-503-after-create:op=positivePayPolicy.create')).toMatch(
      /^--plan: status-503-after-create: op: 'positivePayPolicy\.create' is no create of a new resource \(did you mean /,
    );
  });

  test('a count that is not a positive integer, a parameter a perturbation does not take, or one with no perturbation before it', () => {
    for (const count of ['0', '1.5', 'two', '', '-1'])
      expect(refusal(`retry-after-429:times=${count}`)).toBe(`--plan: retry-after-429: times must be a positive integer; got '${count}'`);
    expect(refusal('retry-after-429:tims=2')).toBe(
      "--plan: retry-after-429 takes no parameter 'tims' (did you mean times?); it takes op, call, times",
    );
    expect(refusal('slow-answer:times=2')).toBe("--plan: slow-answer takes no parameter 'times'; it takes none");
    expect(refusal('times=2,slow-answer')).toBe(
      "--plan: 'times=2' is a parameter, but no perturbation comes before it; got 'times=2,slow-answer'",
    );
    expect(refusal('retry-after-429:times=2,retry-after-429:call=2')).toBe(
      '--plan: retry-after-429 is aimed twice; give its parameters once',
    );
  });
});
