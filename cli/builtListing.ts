import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ListingData } from './listingRows.ts';

// Every row `list` can show, as the package's build gathered them (cli/builtListingMain.ts, run by
// npm before packing; postpack removes it): the package's `list` reads this file instead of loading
// the catalogue's YAML, every scenario and the client's and emulator's modules, which took most of
// its start. Only the compiled package reads it, written from the same sources at the same moment
// as its JavaScript; a clone, running the TypeScript, always gathers the rows afresh.

export const BUILT_LISTING = fileURLToPath(new URL('./listing.json', import.meta.url));

/** The rows the build wrote, when this is the compiled package and it wrote them. */
export const builtListing = (): ListingData | undefined =>
  import.meta.url.endsWith('.js') && existsSync(BUILT_LISTING)
    ? (JSON.parse(readFileSync(BUILT_LISTING, 'utf8')) as ListingData)
    : undefined;
