import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryPoster } from '../../emulator/delivery/deliveryPoster.ts';

// Run with --expose-gc (by test/emulator/delivery/posterTimeoutUnderGc.test.ts): one
// delivery to an endpoint that never answers, garbage collection forced while
// it waits; prints what the poster reported and after how long.

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const server = createServer(() => {});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const poster = new DeliveryPoster();
const started = performance.now();
const outcome = poster.post(
  `http://127.0.0.1:${port}/hang`,
  { body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } },
  200,
);
const forcing = setInterval(gc, 10);
const result = await Promise.race([outcome, new Promise((resolve) => setTimeout(() => resolve({ stuck: true }), 3000))]);
clearInterval(forcing);
console.log(JSON.stringify({ result, ms: Math.round(performance.now() - started) }));
server.closeAllConnections();
server.close();
await poster.close();
