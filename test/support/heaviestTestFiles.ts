// The test files that take a minute or more, longest first, as measured: vitest starts
// them first (test/support/heaviestFirstSequencer.ts). test/tree/heaviestFirst.test.ts
// keeps the names true.
export const HEAVIEST_TEST_FILES: readonly string[] = [
  'test/proofs/toleratedVariationAlone.test.ts',
  'test/proofs/toleratedVariations.test.ts',
  'test/proofs/deliveryLagScheduleFuzzing.test.ts',
  'test/distribution/install/registryInstall.test.ts',
  'test/cli/printedSuggestions.test.ts',
  'test/distribution/install/readmeSetup.test.ts',
  'test/proofs/soak/scheduleSeeds.test.ts',
  'test/distribution/images/runnerImage.test.ts',
  'test/proofs/killMatrix.test.ts',
  'test/distribution/install/packedPackage.test.ts',
  'test/cli/verdictModes.test.ts',
  'test/run/calibrationLoop.test.ts',
  'test/proofs/vendorLikeDelivery.test.ts',
  'test/proofs/slowTarget.test.ts',
  'test/run/remoteTargetBench.test.ts',
  'test/proofs/busyMachineVerdict.test.ts',
  'test/proofs/rateLimitedTarget.test.ts',
  'test/proofs/soak/twoRunsOneSandbox.test.ts',
  'test/distribution/images/emulatorImageCertified.test.ts',
  'test/cli/standaloneEmulator.test.ts',
  'test/run/urlTargetCertificate.test.ts',
  'test/proofs/cleanEmulator.test.ts',
  'test/proofs/concurrencyVerdict.test.ts',
];
