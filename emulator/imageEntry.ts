// Entry point of the emulator's container image (Dockerfile). Containers are
// configured through the environment, and exec-form ENTRYPOINTs expand no
// variables, so the settings below become the standalone emulator's flags.
// They go first: flags given as the container's command come later and win.
//   HOST, PORT                     where to listen (the image sets 0.0.0.0 and 8080)
//   BANKING_EMULATOR_ENVIRONMENT   sandbox or live
//   BANKING_EMULATOR_FAULTS        comma-separated seeded faults or tolerated variations
const fromEnvironment: string[] = [];
const { HOST, PORT, BANKING_EMULATOR_ENVIRONMENT, BANKING_EMULATOR_FAULTS } = process.env;
if (HOST) fromEnvironment.push('--host', HOST);
if (PORT) fromEnvironment.push('--port', PORT);
if (BANKING_EMULATOR_ENVIRONMENT) fromEnvironment.push('--environment', BANKING_EMULATOR_ENVIRONMENT);
for (const fault of (BANKING_EMULATOR_FAULTS ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean)) {
  fromEnvironment.push('--fault', fault);
}
process.argv.splice(2, 0, ...fromEnvironment);

await import('./main.ts');
