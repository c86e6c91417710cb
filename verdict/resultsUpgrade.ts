// A results.json an earlier suite version wrote, brought to this format before any reader sees it
// (verdict/resultsFile.ts: merge, compare, --compare, --last-failed, the GitHub step): the one place
// that knows the old names, so no reader has to.
//
// 2 → 3 (issue 51): what a run executed are items of any subject (a target's scenarios, a receiver's
// cases, a client's items), so `scenarioIds` became `itemIds` and a check record's `scenarioId` its
// `itemId`. Nothing else changed. An older document (formatVersion 1, or none) has its names renamed
// alike and keeps its version: only compare reads one, as far as a comparison needs.

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `record` with `from` renamed `to`, in the same key order; as it was when it has no `from` or already a `to`. */
function renamed(record: Record<string, unknown>, from: string, to: string): Record<string, unknown> {
  if (!(from in record) || to in record) return record;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key === from ? to : key, value]));
}

function upgradedResult(result: unknown): unknown {
  if (!isObject(result) || !Array.isArray(result.checks)) return result;
  return { ...result, checks: result.checks.map((check) => (isObject(check) ? renamed(check, 'scenarioId', 'itemId') : check)) };
}

/** The document as this format names it; anything that is not a format-2-or-older results document is handed back as it came. */
export function upgradedResults(document: unknown): unknown {
  if (!isObject(document)) return document;
  const version = document.formatVersion;
  if (version !== undefined && version !== 1 && version !== 2) return document;
  const upgraded = renamed(document, 'scenarioIds', 'itemIds');
  return {
    ...upgraded,
    ...(version === 2 ? { formatVersion: 3 } : {}),
    ...(Array.isArray(document.requirements) ? { requirements: document.requirements.map(upgradedResult) } : {}),
  };
}
