import { createHash } from 'node:crypto';
import { OUTCOMES } from '../../harness/records/checkRecords.ts';
import { type CertificateStatement, describeSubjects, PREDICATE_TYPE } from '../../verdict/certification.ts';
import { certificateBadge } from '../certificateBadge.ts';
import { html } from './htmlText.ts';
import { REPORT_STYLE } from './reportStyle.ts';

// certificate.html: the certificate as a person reads it, drawn from its Statement
// alone: the subject, the suite, the dates, the verdict, the requirements table and
// how to check it. One self-contained file, as locked down as report.html (its
// style admitted by hash, no script, nothing fetched), that opens offline.

const CERTIFICATE_STYLE = `
.certificate-head { display:flex; align-items:center; justify-content:space-between; gap:16px; flex-wrap:wrap; }
.certificate-head svg { flex:none; }
#requirements td:first-child { width:40%; }
.facts div.wide { grid-column:span 2; }
#verify pre { max-height:none; }
`;
const STYLE = `${REPORT_STYLE}${CERTIFICATE_STYLE}`;

/** How the certificate was signed, when it was: the DSSE signature's key id. */
export interface CertificateSignature {
  keyid: string;
}

const fact = (label: string, value: string, kind = '', wide = false): string =>
  `<div${wide ? ' class="wide"' : ''}><dt>${html(label)}</dt><dd${kind ? ` class="${kind}"` : ''}>${value}</dd></div>`;

function verifySection(statement: CertificateStatement, signature: CertificateSignature | undefined): string {
  const { predicate, subject } = statement;
  const first = subject[0];
  const local = [
    'npx banking-api-conformance verify certificate.intoto.jsonl --key signing-key.pub.pem \\',
    `  --subject sha256:${first?.digest.sha256 ?? ''} \\`,
    `  --results ${predicate.results.name} --evidence ${predicate.evidence.name}`,
  ].join('\n');
  // A pushed image: GitHub's attestations name it by its registry digest, the first subject.
  const github =
    first && predicate.target.image?.repoDigests.length
      ? `gh attestation verify oci://${first.name}@sha256:${first.digest.sha256} --owner OWNER \\\n  --predicate-type ${PREDICATE_TYPE}`
      : undefined;
  return [
    '<section id="verify" class="panel"><h2>How to verify</h2>',
    signature
      ? `<p>Signed with Ed25519 in a DSSE envelope, <code>certificate.intoto.jsonl</code>, by the key whose id (the SHA-256 of its public key) is <code>${html(signature.keyid)}</code>. With the issuer's public key, offline:</p>`
      : '<p class="empty">This certificate was written unsigned: nothing vouches for this page or its <code>certificate.json</code>. A signed one comes with <code>certificate.intoto.jsonl</code>, checked offline with the issuer\'s public key:</p>',
    `<pre>${html(local)}</pre>`,
    '<p>One line per check (signature, predicate, expiry, subject, results, evidence, suite, certified) and a verdict: exit 0 valid, 1 invalid, 2 unreadable.</p>',
    ...(github
      ? [
          '<p>An image attested in GitHub Actions (<code>actions/attest</code> with <code>certificate.predicate.json</code>) is checked with the GitHub CLI:</p>',
          `<pre>${html(github)}</pre>`,
        ]
      : []),
    '</section>',
  ].join('\n');
}

export function certificatePage(statement: CertificateStatement, signature?: CertificateSignature): string {
  const { predicate } = statement;
  const styleHash = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;
  const policy = `default-src 'none'; style-src ${styleHash}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const title = predicate.certified ? 'CERTIFIED' : 'NOT CERTIFIED';
  const subjects = statement.subject
    .map((subject) => `${html(subject.name)}<br><code>sha256:${html(subject.digest.sha256)}</code>`)
    .join('<br>');
  const counts = OUTCOMES.map(
    (outcome) => `<span class="badge outcome-${outcome}">${predicate.counts[outcome] ?? 0} ${outcome}</span>`,
  ).join('');
  const rows = predicate.requirements.map(
    (requirement) =>
      `<tr id="req-${html(requirement.id)}"><td><code>${html(requirement.id)}</code></td><td class="level">${html(requirement.level)}</td><td><span class="badge outcome-${html(requirement.outcome)}">${html(requirement.outcome)}</span></td></tr>`,
  );
  const blocking = predicate.blocking.length
    ? `<section id="blocking" class="panel"><h2>What stands in the way</h2><ul>${predicate.blocking
        .map((entry) => `<li><code>${html(entry.id)}</code> ${html(entry.level)} ${html(entry.outcome)}: ${html(entry.reason)}</li>`)
        .join('')}</ul></section>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${html(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(`${title}: ${predicate.target.name}: banking-api-conformance certificate`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head><body><main>',
    `<header id="verdict" class="verdict verdict-${predicate.certified ? 'conformant' : 'non-conformant'}"><div class="certificate-head"><div><h1>${html(title)}</h1>`,
    `<p>${html(`${predicate.target.name}: ${predicate.verdict}, judged by ${predicate.suite.name} ${predicate.suite.version} on ${predicate.issuedAt.slice(0, 10)}; valid until ${predicate.expiresAt.slice(0, 10)}`)}</p></div>`,
    certificateBadge(statement),
    '</div></header>',
    '<dl class="facts" id="facts">',
    fact('Subject', subjects, 'hash', true),
    fact('Target', html(`${predicate.target.name} at ${predicate.target.baseUrl}`)),
    fact('Environment and capabilities', html(`${predicate.environment}: ${predicate.capabilities.join(', ')}`)),
    fact('Suite', html(`${predicate.suite.name} ${predicate.suite.version}`)),
    fact('Catalogue', html(predicate.suite.catalogueHash), 'hash'),
    fact('Issued', html(predicate.issuedAt)),
    fact('Valid until', html(predicate.expiresAt)),
    fact('Seed', html(predicate.seed)),
    fact(predicate.results.name, html(`sha256:${predicate.results.digest.sha256}`), 'hash'),
    fact(predicate.evidence.name, html(`sha256:${predicate.evidence.digest.sha256}`), 'hash'),
    fact('Signature', html(signature ? `Ed25519, key ${signature.keyid}` : 'none: unsigned'), signature ? 'hash' : ''),
    '</dl>',
    `<p class="counts" id="counts">${counts}</p>`,
    blocking,
    `<section class="panel"><h2>${html(`The ${predicate.requirements.length} requirements that apply`)}</h2>`,
    '<table id="requirements"><thead><tr><th>Requirement</th><th>Level</th><th>Outcome</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></section>',
    verifySection(statement, signature),
    `<details class="panel" id="statement"><summary><h2>The in-toto Statement</h2></summary><p>${html(`about ${describeSubjects(statement.subject)}`)}</p><pre>${html(JSON.stringify(statement, null, 2))}</pre></details>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
