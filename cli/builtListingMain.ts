import { writeFileSync } from 'node:fs';
import { BUILT_LISTING } from './builtListing.ts';
import { listingData } from './catalogueListing.ts';

// npm runs this before packing (package.json prepack), after the build: every row `list` can show,
// for the package's `list` to read (cli/builtListing.ts). postpack removes the file.

writeFileSync(BUILT_LISTING, `${JSON.stringify(listingData())}\n`);
