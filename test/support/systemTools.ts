// Tests that need a system tool the npm install does not bring (Chromium, a Docker
// engine) skip where it is missing, saying which command installs it. Where CI runs
// them (.ci/run installs both and sets CI=true and the tool's variable) a missing
// tool fails the test file instead, so they are never skipped unnoticed.

/** Undefined when the tool is there; else why not and how to install it (throws where the tool is required). */
export function missingToolReason(tool: string, problem: string | undefined, install: string, requireEnv: string): string | undefined {
  if (problem === undefined) return undefined;
  const reason = `${tool} tests skipped: ${problem}; install it with: ${install}`;
  const requiredBy = process.env[requireEnv] ? requireEnv : process.env.CI === 'true' ? 'CI=true' : undefined;
  if (requiredBy) throw new Error(`${requiredBy} requires the ${tool} tests, but ${problem} (install it with: ${install})`);
  // Said where it shows in the run's output; each skipped test also carries it as its note.
  console.warn(reason);
  return reason;
}
