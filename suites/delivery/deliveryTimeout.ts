import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';

// The delivery time-out of the target, when the target lets the suite see and set
// it (the emulator's control endpoint {controlPrefix}/delivery). The documents give
// no delivery time-out, so a scenario that makes an endpoint hang either shortens
// it here or waits for the target to give up on its own.

export interface DeliveryTimeout {
  /** The time-out now in force, in real ms; undefined when the target does not say. */
  timeoutMs?: number;
}

/** Shorten the delivery time-out for this scenario (restored at cleanup) when the target allows it. */
export async function shortenDeliveryTimeout(ctx: ScenarioContext, timeoutMs: number): Promise<DeliveryTimeout> {
  if (!ctx.control.has('clockControl')) return {};
  const current = await ctx.control.send(CONTROL_ROUTES.readDelivery);
  const previous = (current.body as { timeoutMs?: unknown } | undefined)?.timeoutMs;
  if (current.status !== 200 || typeof previous !== 'number') return {};
  const answer = await ctx.control.send(CONTROL_ROUTES.changeDelivery, { timeoutMs });
  if (answer.status !== 200) return { timeoutMs: previous };
  ctx.cleanup.add('restore the delivery time-out', () => ctx.control.send(CONTROL_ROUTES.changeDelivery, { timeoutMs: previous }));
  return { timeoutMs };
}
