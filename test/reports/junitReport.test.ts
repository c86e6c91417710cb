import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { junitXml } from '../../report/junitReport.ts';
import { readResults } from '../../report/resultsFile.ts';

// junit.xml: one test case per requirement check; FAIL/UNTESTABLE fail, SKIP is
// skipped, WARN passes with a note; target output can never break the XML.

const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
const xml = junitXml(document);
const cases = [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"(\/>|>([\s\S]*?)<\/testcase>)/g)]
  .map((match) => ({ classname: match[1], name: match[2], body: match[4] ?? '' }));

describe('junit.xml', () => {
  test('has one test case per check, or one per requirement that has none, classed by requirement id', () => {
    const expected = document.requirements.reduce((sum, result) => sum + Math.max(1, result.checks.length), 0);
    expect(cases).toHaveLength(expected);
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${expected}" failures="3" errors="0" skipped="2"`));
    expect(cases.filter((test) => test.classname === 'PP-RULE-CREATE-STATUS').map((test) => test.name)).toEqual([
      'positive-pay/create/checkPaymentPositivePay: a new checkPaymentPositivePay rule MUST be Active; got Pending',
      'positive-pay/create/checkPaymentPositivePay-with-tags: a new checkPaymentPositivePay rule with tags MUST be Active; got Active',
    ]);
  });

  test('marks FAIL and UNTESTABLE as failures, SKIP as skipped, WARN as a note', () => {
    const bodyOf = (classname: string) => cases.find((test) => test.classname === classname)?.body ?? '';
    expect(bodyOf('PP-RULE-CREATE-STATUS')).toMatch(/^\s*<failure type="FAIL" message="a new checkPaymentPositivePay rule MUST be Active; got Pending">/);
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
    expect(out).not.toMatch(/[\u0000\u0007]|\uD800(?![\uDC00-\uDFFF])/);
    expect(out).toContain('bell \uFFFD and nul \uFFFD and a lone \uFFFD surrogate &quot;quoted&quot; &amp; &lt;tagged&gt;');
  });
});
