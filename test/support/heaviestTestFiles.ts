// The test files that take a minute or more, longest first, as measured: vitest starts
// them first (test/support/heaviestFirstSequencer.ts). test/tree/heaviestFirst.test.ts
// keeps the names true.
export const HEAVIEST_TEST_FILES: readonly string[] = [
  'test/verdicts/toleratedVariationAlone.test.ts',
  'test/verdicts/toleratedVariations.test.ts',
  'test/run/deliveryLagScheduleFuzzing.test.ts',
  'test/install/registryInstall.test.ts',
  'test/cli/printedSuggestions.test.ts',
  'test/install/readmeSetup.test.ts',
  'test/soak/scheduleSeeds.test.ts',
  'test/containers/runnerImage.test.ts',
  'test/verdicts/killMatrix.test.ts',
  'test/install/packedPackage.test.ts',
  'test/cli/verdictModes.test.ts',
  'test/run/calibrationLoop.test.ts',
  'test/verdicts/vendorLikeDelivery.test.ts',
  'test/verdicts/slowTarget.test.ts',
  'test/run/remoteTargetBench.test.ts',
  'test/run/busyMachineVerdict.test.ts',
  'test/verdicts/rateLimitedTarget.test.ts',
  'test/soak/twoRunsOneSandbox.test.ts',
  'test/containers/emulatorImageCertified.test.ts',
  'test/cli/standaloneEmulator.test.ts',
  'test/run/urlTargetCertificate.test.ts',
  'test/verdicts/cleanEmulator.test.ts',
  'test/run/concurrencyVerdict.test.ts',
];
