import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { junitXml } from '../../report/junitReport.ts';
import { readResults } from '../../run/resultsFile.ts';

// junit.xml: one test case per requirement and scenario that judged it, named
// "<requirement id>: <scenario id>" with its time; FAIL/UNTESTABLE fail with the
// details in the body, SKIP is skipped, WARN passes with a note; target output can
// never break the XML.

const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
const xml = junitXml(document);
const cases = [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)" time="([^"]*)"(\/>|>([\s\S]*?)<\/testcase>)/g)]
  .map((match) => ({ classname: match[1], name: match[2], time: match[3], body: match[5] ?? '' }));

describe('junit.xml', () => {
  test('has one test case per requirement and scenario, or one per requirement no scenario recorded', () => {
    const expected = document.requirements.reduce((sum, result) => sum + Math.max(1, new Set(result.checks.map((check) => check.scenarioId)).size), 0);
    expect(cases).toHaveLength(expected);
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${expected}" failures="3" errors="0" skipped="2"`));
    expect(cases.filter((test) => test.classname === 'PP-RULE-CREATE-STATUS').map((test) => test.name)).toEqual([
      'PP-RULE-CREATE-STATUS: positive-pay/create/checkPaymentPositivePay',
      'PP-RULE-CREATE-STATUS: positive-pay/create/checkPaymentPositivePay-with-tags',
    ]);
    expect(cases.find((test) => test.classname === 'EV-PAYMENT-CANCELED-SHAPE')?.name).toBe('EV-PAYMENT-CANCELED-SHAPE');
  });

  test('names carry no message, status or generated value', () => {
    for (const test of cases) expect(test.name).toMatch(/^[A-Z]{2}(-[A-Z0-9]+)+(: [a-z-]+\/[\w/.-]+)?$/);
  });

  test('gives every test case the time its checks took', () => {
    expect(cases.every((test) => /^\d+\.\d{3}$/.test(test.time ?? ''))).toBe(true);
    const timed = structuredClone(document);
    const result = timed.requirements.find((entry) => entry.id === 'PP-RULE-CREATE-STATUS');
    if (!result?.checks[0]) throw new Error('fixture lacks PP-RULE-CREATE-STATUS checks');
    result.checks[0].elapsedMs = 1250;
    result.checks.push({ ...result.checks[0], outcome: 'PASS', message: 'a second check', elapsedMs: 250 });
    expect(junitXml(timed)).toContain('name="PP-RULE-CREATE-STATUS: positive-pay/create/checkPaymentPositivePay" time="1.500"');
  });

  test('marks FAIL and UNTESTABLE as failures, SKIP as skipped, WARN as a note', () => {
    const bodyOf = (classname: string) => cases.find((test) => test.classname === classname)?.body ?? '';
    expect(bodyOf('PP-RULE-CREATE-STATUS')).toMatch(/^\s*<failure type="FAIL" message="a new checkPaymentPositivePay rule MUST be Active; got Pending">FAIL a new checkPaymentPositivePay rule MUST be Active; got Pending\n\nPOST /);
    expect(bodyOf('GN-MEDIA-TYPE')).toMatch(/<failure type="UNTESTABLE"/);
    expect(bodyOf('SB-APPLICATION-APPROVE')).toMatch(/<skipped message="needs capability applications/);
    expect(bodyOf('WH-LIST-PAGE-DEFAULT')).toMatch(/<system-out>WARN \(SHOULD not met\)/);
    expect(bodyOf('EV-PAYMENT-CANCELED-SHAPE')).toMatch(/<skipped message="not selected in this run"/);
    expect(xml.match(/<testsuite name="(\w+)"/g)?.map((tag) => tag.slice(17, -1))).toEqual(['GN', 'PP', 'WH', 'DL', 'EV', 'SB']);
  });

  test("escapes the target's output and drops characters XML cannot carry", () => {
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;alert');
    const hostile = structuredClone(document);
    const check = hostile.requirements[0]?.checks[0];
    if (!check) throw new Error('fixture has no check');
    check.message = 'bell \u0007 and nul \u0000 and a lone \uD800 surrogate "quoted" & <tagged>';
    const out = junitXml(hostile);
    // eslint-disable-next-line no-control-regex -- the control characters the report must have replaced
    expect(out).not.toMatch(/[\u0000\u0007]|\uD800(?![\uDC00-\uDFFF])/);
    expect(out).toContain('bell \uFFFD and nul \uFFFD and a lone \uFFFD surrogate &quot;quoted&quot; &amp; &lt;tagged&gt;');
  });
});
