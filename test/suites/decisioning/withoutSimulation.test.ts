import { expect, test } from 'vitest';
import { runScenarios } from '../../support/runScenarios.ts';
import { startEmulator } from '../../../emulator/emulator.ts';
import { decisioningScenarios } from '../../../suites/decisioning/index.ts';
import { sandboxScenarios } from '../../../suites/sandbox/index.ts';

// A target that claims neither paymentSimulation nor applications gets every
// decisioning and sandbox scenario SKIPped with the missing capability named.

test('without paymentSimulation and applications every DC- and SB- check SKIPs with the reason', async () => {
  const emulator = await startEmulator();
  try {
    const records = await runScenarios([...decisioningScenarios, ...sandboxScenarios], {
      baseUrl: emulator.url(),
      manifest: { capabilities: ['core', 'tokenMinting', 'fixtureProvisioning', 'clockControl'] },
    });
    const own = records.filter((record) => /^(DC|SB)-/.test(record.requirementId) && !record.requirementId.startsWith('SB-LIVE-ABSENT'));
    expect(own.length).toBeGreaterThan(0);
    for (const record of own) {
      expect(record.outcome).toBe('SKIP');
      expect(record.message).toMatch(/needs capability (paymentSimulation|applications)/);
    }
  } finally {
    await emulator.close();
  }
});
