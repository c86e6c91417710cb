import { parseArgs } from 'node:util';
import { startEmulator } from './emulator.ts';
import type { Environment } from './core/domain.ts';
import { FAULTS } from './faults/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from './faults/toleratedVariations.ts';

// Standalone reference emulator: `npm run emulator -- --port 8080`.
const HELP = `Usage: banking-api-emulator [options]

Starts the reference emulator of the banking platform API (in memory).

Options:
  --port N            port to listen on (default 0: a free port, printed at start)
  --host ADDR         address to bind (default 127.0.0.1)
  --environment ENV   sandbox (default) or live
  --clock-scale X     emulator seconds per real second (default 1)
  --fault NAME        start with a seeded fault or tolerated variation (repeatable)
  --list-faults       list the seeded faults and tolerated variations, then exit
  --logger            log every request (tokens are never logged)
  -h, --help          show this help

Tokens: POST /_emulator/tokens {"scopes": [...]} mints a bearer token with the
given scopes (all scopes when omitted). Set BANKING_EMULATOR_TOKEN to also accept
a token of your choosing with every scope.`;

function fail(message: string): never {
  process.stderr.write(`banking-api-emulator: ${message}\n`);
  process.exit(2);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        environment: { type: 'string' },
        'clock-scale': { type: 'string' },
        fault: { type: 'string', multiple: true },
        logger: { type: 'boolean' },
        'list-faults': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (error) {
    return fail(`${(error as Error).message} (see --help)`);
  }
})();

if (values.help) {
  process.stdout.write(`${HELP}\n`);
  process.exit(0);
}

if (values['list-faults']) {
  for (const fault of FAULTS) process.stdout.write(`fault      ${fault.name.padEnd(44)} breaks ${fault.breaks.join(', ')}: ${fault.description}\n`);
  for (const variation of TOLERATED_VARIATIONS) process.stdout.write(`variation  ${variation.name.padEnd(44)} ${variation.description}\n`);
  process.exit(0);
}

const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be an integer from 0 to 65535; got '${values.port}'`);
const environment = (values.environment ?? 'sandbox') as Environment;
if (environment !== 'sandbox' && environment !== 'live') fail(`--environment must be sandbox or live; got '${values.environment}'`);
const scale = values['clock-scale'] === undefined ? 1 : Number(values['clock-scale']);
if (!(scale > 0)) fail(`--clock-scale must be a positive number; got '${values['clock-scale']}'`);
const operatorToken = process.env.BANKING_EMULATOR_TOKEN;

try {
  const emulator = await startEmulator({
    port,
    host: values.host ?? '127.0.0.1',
    environment,
    clock: { scale },
    faults: values.fault ?? [],
    logger: values.logger ?? false,
    tokens: operatorToken ? [{ value: operatorToken }] : [],
  });
  const { fixtures } = emulator.state;
  process.stdout.write(
    `banking-api-emulator (${environment}) listening on ${emulator.url()}\n` +
      `  fixtures: deposit product ${fixtures.depositProductId}, account ${fixtures.accountId}\n` +
      `  mint a token: curl -X POST ${emulator.url()}/_emulator/tokens\n`,
  );
  const stop = () => void emulator.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  fail((error as Error).message);
}
