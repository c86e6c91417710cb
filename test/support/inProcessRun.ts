import { mkdirSync } from 'node:fs';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { suiteVersion } from '../../contract/catalogue/suiteVersion.ts';
import { redactedDocument } from '../../report/reportWriter.ts';
import { type ResultsDocument, writeResults } from '../../verdict/resultsDocument.ts';
import { runConformance, type RunRequest } from '../../run/runPipeline.ts';

// `run` in this process, given the options the command would pass on (run/runPipeline.ts): for
// the tests whose subject is the run, not the command line. No terminal and no Allure face (the
// CLI's own tests spawn the command: test/cli/cliProcess.ts); results.json is written in the
// report folder, redacted, as the command writes it. Test-only.

export async function runInProcess(request: RunRequest): Promise<ResultsDocument> {
  const redactor = new SecretRedactor();
  // The command makes the report folder before the run: the run's cleanup ledger is kept in it.
  mkdirSync(request.reportDir, { recursive: true });
  const { document } = await runConformance(request, suiteVersion(), {
    say: () => {},
    write: () => {},
    progress: () => ({ tell: () => {}, finish: () => {} }),
    redactor,
  });
  writeResults(request.reportDir, redactedDocument(document, redactor));
  return document;
}
