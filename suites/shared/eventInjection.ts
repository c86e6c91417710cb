import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import type { ControlClient } from '../../harness/targetIO/controlClient.ts';

// Typed wrapper over the event injection control endpoint (capability
// eventInjection): POST {controlPrefix}/events publishes events of catalogued types
// with generated schema-valid attributes and relationships, exactly as if they had
// happened, so they are stored, listed and delivered like any other event.

export interface InjectionRequest {
  /** One type, or several with `types`; each is published `count` times (default 1). */
  type?: string;
  types?: readonly string[];
  count?: number;
  /** Catalogue form of the type (e.g. 'iias' for authorizationRequest.pending). */
  variant?: string;
  /** Members merged over the generated ones. */
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data: { type: string; id: string } }>;
}

export interface InjectedEvent {
  id: string;
  type: string;
  createdAt: string;
}

export async function injectEvents(control: ControlClient, request: InjectionRequest): Promise<InjectedEvent[]> {
  if (!control.has('eventInjection')) throw new Error('the target does not claim eventInjection; events cannot be injected');
  const answer = await control.send(CONTROL_ROUTES.injectEvents, request);
  const events = (answer.body as { events?: unknown } | undefined)?.events;
  if (answer.status < 200 || answer.status >= 300 || !Array.isArray(events)) {
    throw new Error(
      `event injection of ${request.type ?? request.types?.join(', ')} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return events as InjectedEvent[];
}
