import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { junitXml } from '../../report/junitReport.ts';
import { readResults } from '../../verdict/resultsFile.ts';

// junit.xml: one test case per requirement the results hold, named by its id,
// with the time its checks took and each check's scenario in the body; FAIL/UNTESTABLE fail with the
// details in the body, SKIP is skipped, WARN passes with a note; target output can
// never break the XML.

const document = readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));
const xml = junitXml(document);
const cases = [...xml.matchAll(/<testcase classname="([^"]*)" name="([^"]*)" time="([^"]*)"(\/>|>([\s\S]*?)<\/testcase>)/g)].map(
  (match) => ({ classname: match[1], name: match[2], time: match[3], body: match[5] ?? '' }),
);

describe('junit.xml', () => {
  test('has one test case per requirement, whatever number of scenarios judged it', () => {
    expect(cases.map((test) => test.name).sort()).toEqual(document.requirements.map((result) => result.id).sort());
    expect(xml).toMatch(new RegExp(`<testsuites [^>]*tests="${document.requirements.length}" failures="3" errors="0" skipped="2"`));
    const body = cases.find((test) => test.name === 'PP-RULE-CREATE-STATUS')?.body ?? '';
    expect(body).toContain('positive-pay/create/checkPaymentPositivePay: ');
    expect(body).toContain('positive-pay/create/checkPaymentPositivePay-with-tags: ');
  });

  test('names carry no message, status or generated value', () => {
    for (const test of cases) expect(test.name).toMatch(/^[A-Z]{2}(-[A-Z0-9]+)+$/);
  });

  test('gives every test case the time its checks took', () => {
    expect(cases.every((test) => /^\d+\.\d{3}$/.test(test.time ?? ''))).toBe(true);
    const timed = structuredClone(document);
    const result = timed.requirements.find((entry) => entry.id === 'PP-RULE-CREATE-STATUS');
    if (!result?.checks[0]) throw new Error('fixture lacks PP-RULE-CREATE-STATUS checks');
    for (const check of result.checks) check.elapsedMs = 0;
    result.checks[0].elapsedMs = 1250;
    result.checks.push({ ...result.checks[0], outcome: 'PASS', message: 'a second check', elapsedMs: 250 });
    expect(junitXml(timed)).toContain('name="PP-RULE-CREATE-STATUS" time="1.500"');
  });

  test('marks FAIL and UNTESTABLE as failures, SKIP as skipped, WARN as a note', () => {
    const bodyOf = (classname: string) => cases.find((test) => test.classname === classname)?.body ?? '';
    expect(bodyOf('PP-RULE-CREATE-STATUS')).toMatch(
      /^\s*<failure type="FAIL" message="a new checkPaymentPositivePay rule MUST be Active; got Pending[^"]*">[^<]*----\n\nFAIL positive-pay\/create\/checkPaymentPositivePay[^:]*: a new checkPaymentPositivePay rule MUST be Active; got Pending\n\nPOST /,
    );
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
