import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { writeCertificate } from '../../report/certificateFiles.ts';
import { type CertificateStatement, issueCertificate } from '../../verdict/certification.ts';
import { keyIdOf } from '../../verdict/certificateSigning.ts';
import type { RequirementResult } from '../../verdict/requirementVerdict.ts';
import { ARTIFACTS, chromiumUnavailableReason, openReport, screenshot } from './headlessChromium.ts';

// certificate.html and certificate-badge.svg, both drawn from the Statement, in a real
// browser: the page opens offline, styled under its content security policy, and shows the
// verdict, the subject, the dates, the requirements table and how to verify; the badge is an
// SVG document the browser parses, with the verdict and the date.

const unavailable = chromiumUnavailableReason();
const digest = (char: string) => ({ sha256: char.repeat(64) });

function certificateOf(outcomeOf: (id: string) => RequirementResult['outcome']): {
  dir: string;
  statement: CertificateStatement;
  keyid: string;
} {
  const results: RequirementResult[] = requirementCatalogue()
    .all()
    .filter((requirement) => !requirement.excluded)
    .map((requirement) => ({
      id: requirement.id,
      level: requirement.level,
      statement: requirement.statement,
      source: requirement.source,
      outcome: requirement.level === 'OBSERVE' ? 'OBSERVED' : outcomeOf(requirement.id),
      checks: [],
      evidence: [],
    }));
  const statement = issueCertificate(results, {
    target: {
      name: 'vendor emulator',
      baseUrl: 'http://127.0.0.1:41234',
      environment: 'sandbox',
      capabilities: ['core', 'tokenMinting', 'webhookDelivery'],
      image: {
        name: 'ghcr.io/example/vendor-emulator:2.1.0',
        id: `sha256:${'1'.repeat(64)}`,
        repoDigests: [`ghcr.io/example/vendor-emulator@sha256:${'2'.repeat(64)}`],
      },
    },
    suiteVersion: '0.1.0',
    catalogueHash: `sha256:${'c'.repeat(64)}`,
    seed: 11,
    manifestDigest: digest('a'),
    results: { name: 'results.json', digest: digest('b') },
    evidence: { name: 'evidence.har', digest: digest('e') },
    date: new Date('2026-11-28T09:00:00.000Z'),
  });
  const { privateKey } = generateKeyPairSync('ed25519');
  const dir = mkdtempSync(join(tmpdir(), 'bac-certificate-page-'));
  writeCertificate(dir, statement, privateKey, new SecretRedactor());
  return { dir, statement, keyid: keyIdOf(privateKey) };
}

test.skipIf(unavailable !== undefined)(
  'certificate.html: offline, styled, the verdict, subject, dates, requirements and how to verify',
  async () => {
    const { dir, statement, keyid } = certificateOf(() => 'PASS');
    const report = await openReport(join(dir, 'certificate.html'));
    try {
      const { page } = report;
      await expect(page.locator('#verdict h1').textContent()).resolves.toBe('CERTIFIED');
      await expect(page.locator('#verdict p').first().textContent()).resolves.toBe(
        'vendor emulator: conformant, judged by banking-api-conformance 0.1.0 on 2026-11-28; valid until 2027-02-26',
      );
      const facts = (await page.locator('#facts').innerText()).replace(/\s+/g, ' ');
      expect(facts).toContain(`ghcr.io/example/vendor-emulator sha256:${'2'.repeat(64)}`);
      expect(facts).toContain(`ghcr.io/example/vendor-emulator:2.1.0 sha256:${'1'.repeat(64)}`);
      expect(facts).toContain('2027-02-26T09:00:00.000Z');
      expect(facts).toContain(`Ed25519, key ${keyid}`);
      await expect(page.locator('#requirements tbody tr').count()).resolves.toBe(statement.predicate.requirements.length);
      await expect(page.locator('#counts .badge').count()).resolves.toBe(6);
      const verify = (await page.locator('#verify').textContent()) ?? '';
      expect(verify).toContain('npx banking-api-conformance verify certificate.intoto.jsonl --key signing-key.pub.pem');
      expect(verify).toContain(`--subject sha256:${'2'.repeat(64)}`);
      expect(verify).toContain(`gh attestation verify oci://ghcr.io/example/vendor-emulator@sha256:${'2'.repeat(64)}`);
      // The badge is drawn inline, and the page's style was admitted by its policy.
      await expect(page.locator('#verdict svg title').textContent()).resolves.toBe('API conformance: certified 2026-11-28');
      const background = await page.evaluate(`getComputedStyle(document.getElementById('verdict')).backgroundColor`);
      expect(background).not.toBe('rgba(0, 0, 0, 0)');
      await screenshot(page, 'certificate-page.png');
      expect(report.problems).toEqual([]);
      expect(report.foreignRequests).toEqual([]);
    } finally {
      await report.close();
    }
  },
);

test.skipIf(unavailable !== undefined)('a certificate that does not certify says so, and names what blocks it', async () => {
  const failing = requirementCatalogue()
    .all()
    .find((requirement) => requirement.level === 'MUST' && !requirement.excluded)?.id;
  const { dir } = certificateOf((id) => (id === failing ? 'FAIL' : 'PASS'));
  const report = await openReport(join(dir, 'certificate.html'));
  try {
    await expect(report.page.locator('#verdict h1').textContent()).resolves.toBe('NOT CERTIFIED');
    await expect(report.page.locator('#blocking li').textContent()).resolves.toMatch(new RegExp(`^${failing} MUST FAIL`));
    expect(report.problems).toEqual([]);
  } finally {
    await report.close();
  }
});

test.skipIf(unavailable !== undefined)(
  'certificate-badge.svg is an SVG document the browser parses, with the verdict and the date',
  async () => {
    const { dir } = certificateOf(() => 'PASS');
    const file = join(dir, 'certificate-badge.svg');
    const badge = await openReport(file);
    try {
      // A string: the browser runs it, and the project's types know no DOM.
      const parsed = await badge.page.evaluate(`(() => {
      const root = document.documentElement;
      return { tag: root.localName, namespace: root.namespaceURI, width: root.getAttribute('width'), height: root.getAttribute('height'),
        errors: document.getElementsByTagName('parsererror').length, text: root.textContent };
    })()`);
      expect(parsed).toMatchObject({ tag: 'svg', namespace: 'http://www.w3.org/2000/svg', height: '20', errors: 0 });
      expect((parsed as { text: string }).text).toContain('certified 2026-11-28');
      expect(Number((parsed as { width: string }).width)).toBeGreaterThan(100);
      // The same text through the browser's XML parser, as an <img> or a README would read it.
      const reparsed = await badge.page.evaluate(
        `new DOMParser().parseFromString(${JSON.stringify(readFileSync(file, 'utf8'))}, 'image/svg+xml').getElementsByTagName('parsererror').length`,
      );
      expect(reparsed).toBe(0);
      // An SVG document has no page to scroll: the picture is the badge itself.
      mkdirSync(ARTIFACTS, { recursive: true });
      await badge.page.locator('svg').screenshot({ path: join(ARTIFACTS, 'certificate-badge.png') });
      expect(badge.problems).toEqual([]);
      expect(badge.foreignRequests).toEqual([]);
    } finally {
      await badge.close();
    }
  },
);
