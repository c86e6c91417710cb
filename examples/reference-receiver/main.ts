import { startReferenceReceiver } from './referenceReceiver.ts';

// Starts the reference receiver on a port, with the token from WEBHOOK_TOKEN, in a project that
// installed the package (and tsx: npm install --save-dev tsx):
//   WEBHOOK_TOKEN=... npx tsx node_modules/banking-api-conformance/examples/reference-receiver/main.ts 8090
// or from a clone: WEBHOOK_TOKEN=... npx tsx examples/reference-receiver/main.ts 8090

const token = process.env.WEBHOOK_TOKEN;
if (!token) {
  process.stderr.write('reference receiver: set WEBHOOK_TOKEN to the webhook token\n');
  process.exit(2);
}
const port = Number(process.argv[2] ?? 8090);
const receiver = await startReferenceReceiver({ token, port });
process.stdout.write(`reference receiver: deliveries to ${receiver.url}, effects probe at ${receiver.effectsUrl}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void receiver.close());
