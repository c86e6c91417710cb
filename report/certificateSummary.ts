import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { OUTCOMES } from '../harness/records/checkRecords.ts';
import { type CertificatePredicate, type CertificateStatement, PREDICATE_TYPE } from '../verdict/certification.ts';

// One table from the certificates of several runs: the CI matrix certifies one
// target image per job, and the summary job shows them side by side. A job
// that wrote no certificate (a setup error) gets a row saying so, never a gap.
// It reads the unsigned Statement (certificate.json): the table is a summary, and
// `verify` is what checks a signature.

export type SummaryEntry = { source: string; certificate: CertificatePredicate } | { source: string; problem: string };

export function readCertificate(path: string): SummaryEntry {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'certificate.json') : path;
  let parsed: Partial<CertificateStatement>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<CertificateStatement>;
  } catch (error) {
    return { source: file, problem: `no certificate: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` };
  }
  const predicate = parsed.predicate as Partial<CertificatePredicate> | undefined;
  if (
    parsed.predicateType !== PREDICATE_TYPE ||
    typeof predicate?.certified !== 'boolean' ||
    !predicate.target?.name ||
    !predicate.counts ||
    !Array.isArray(predicate.blocking)
  ) {
    return { source: file, problem: 'not a certificate written by a certified run' };
  }
  return { source: file, certificate: predicate as CertificatePredicate };
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

function row(entry: SummaryEntry): string[] {
  if ('problem' in entry) {
    const run = basename(entry.source) === 'certificate.json' ? basename(dirname(entry.source)) : entry.source;
    return [run, '—', '—', '**no certificate**', '—', ...OUTCOMES.map(() => '—'), entry.problem];
  }
  const { target, counts, blocking } = entry.certificate;
  return [
    target.name,
    target.image?.name ?? '—',
    target.image ? (target.image.repoDigests[0] ?? target.image.id) : '—',
    entry.certificate.certified ? 'yes' : '**no**',
    entry.certificate.verdict,
    ...OUTCOMES.map((outcome) => String(counts[outcome] ?? 0)),
    blocking.length ? blocking.map((item) => `${item.id} ${item.outcome}`).join(', ') : '—',
  ];
}

export function summaryTable(entries: readonly SummaryEntry[]): string {
  const header = ['Target', 'Image', 'Image digest or id', 'Certified', 'Verdict', ...OUTCOMES, 'Blocking'];
  const certified = entries.filter((entry) => 'certificate' in entry && entry.certificate.certified).length;
  return [
    `### Conformance certificates: ${certified} of ${entries.length} certified`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...entries.map((entry) => `| ${row(entry).map(cell).join(' | ')} |`),
    '',
  ].join('\n');
}

/** 0 every one certified, 1 one is not, 2 one has no certificate. */
export function summaryExitCode(entries: readonly SummaryEntry[]): number {
  if (entries.some((entry) => 'problem' in entry)) return 2;
  return entries.every((entry) => 'certificate' in entry && entry.certificate.certified) ? 0 : 1;
}
