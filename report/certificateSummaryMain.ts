import { readCertificate, summaryExitCode, summaryTable } from './certificateSummary.ts';

// `npm run certificates:summary -- DIR...`: a Markdown table of the certificates
// in these report directories (or certificate.json files), for a CI job summary.
// Exit 0 when every one is certified, 1 when one is not, 2 when one is missing.

const paths = process.argv.slice(2);
if (paths.length === 0) {
  process.stderr.write('usage: npm run certificates:summary -- DIR|certificate.json ...\n');
  process.exitCode = 2;
} else {
  const entries = paths.map(readCertificate);
  process.stdout.write(summaryTable(entries));
  process.exitCode = summaryExitCode(entries);
}
