import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { runToExit } from '../support/childProcess.ts';

// A workflow or an action's metadata checked against GitHub's schemas, offline: action-validator
// (a devDependency) carries them. Its verdict is its exit code; its JSON report says why.

const VALIDATOR = join(PROJECT_ROOT, 'node_modules/@action-validator/cli/cli.mjs');
/** Permission scopes GitHub has that action-validator 0.6.0's schema predates (actions/attest needs `attestations`). */
const SCOPES_NEWER_THAN_ITS_SCHEMA = ['attestations'];

interface Permissioned {
  permissions?: unknown;
  jobs?: Record<string, Permissioned>;
}

/** The document less the scopes its schema does not know yet, each of them checked to be a valid level first. */
function withoutNewerScopes(document: Permissioned): Permissioned {
  for (const holder of [document, ...Object.values(document.jobs ?? {})]) {
    if (typeof holder.permissions !== 'object' || holder.permissions === null) continue;
    const permissions = holder.permissions as Record<string, unknown>;
    for (const scope of SCOPES_NEWER_THAN_ITS_SCHEMA) {
      if (!(scope in permissions)) continue;
      if (!['read', 'write', 'none'].includes(String(permissions[scope])))
        throw new Error(`permissions.${scope}: ${String(permissions[scope])}`);
      delete permissions[scope];
    }
  }
  return document;
}

export async function validateWorkflowFile(file: string): Promise<{ valid: boolean; report: string }> {
  // The same file name: action-validator tells an action's metadata from a workflow by it.
  const folder = mkdtempSync(join(tmpdir(), 'bac-workflow-'));
  try {
    const copy = join(folder, basename(file));
    writeFileSync(copy, stringify(withoutNewerScopes(parse(readFileSync(file, 'utf8')) as Permissioned)));
    const ran = await runToExit(VALIDATOR, [copy], { cwd: PROJECT_ROOT, env: { NO_COLOR: '1' } });
    return { valid: ran.code === 0, report: `${ran.stdout}${ran.stderr}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
