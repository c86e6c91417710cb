// Fixed ids for the fixtures the emulator creates at start-up, so that a target
// manifest (fixtures.accountId, fixtures.depositProductId) can name them.

export interface FixtureIds {
  accountId?: string;
  depositProductId?: string;
}

/** Ids appear in paths and filters: keep them to characters that need no escaping. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function checkFixtureIds(ids: FixtureIds): void {
  for (const [name, value] of Object.entries(ids)) {
    if (value !== undefined && (typeof value !== 'string' || !SAFE_ID.test(value))) {
      throw new RangeError(`fixtures.${name} must be 1 to 64 letters, digits, '.', '_' or '-'; got ${JSON.stringify(value)}`);
    }
  }
}
