// Where a test goes. The tests of a product folder X/ live in test/X/, down to its subfolders
// (test/emulator/delivery/ holds the tests of emulator/delivery/); a test of several modules goes
// where most of what it tests lives. The folders under test/ that mirror no product folder are
// these, each with what goes there; docs/development.md says the same for the reader.
export const NAMED_TEST_FOLDERS = [
  ['support', "helpers shared by tests of several folders (emulators, runs, builds, the sequencer), and the helpers' own tests"],
  ['tree', 'the repository as a whole: layers and import circles, documents and their links and figures, duplicates, this layout'],
  [
    'proofs',
    'whole runs that prove the verdicts trustworthy: kill matrices, tolerated variations, schedule fuzzing, vendor-like, ' +
      'busy and hostile targets (hostile/), soak (soak/, `npm run test:soak`)',
  ],
  ['distribution', 'the package as users get it: installed from a registry or a tarball (install/), the images built and run (images/)'],
] as const;

// Product folders outside the npm package's "files" (package.json), each with why it is product.
export const PRODUCT_FOLDERS_OUTSIDE_PACKAGE = [['action', "the GitHub Action's steps (action.yml at the root runs them)"]] as const;
