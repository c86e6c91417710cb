import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OPERATIONS, type Operation, type OperationName } from '../../contract/catalogue/operationCatalogue.ts';
import { type ContractRequest, pathParamsOf, requestDeviations } from '../../contract/catalogue/requestContract.ts';
import { ApiError } from './jsonApi.ts';

// The emulator's door on the documented routes: a request the request contract
// (contract/catalogue/requestContract.ts, the description the client judge reads)
// finds a MUST deviation in is refused before its handler runs, 400 naming where.
// Only the requirements below are refused here; every other MUST the contract
// states is refused by the handler's own reader (core/requestBody.ts,
// core/listQuery.ts, positivePay/ruleRequest.ts, webhooks/webhookAttributes.ts),
// which seeded faults relax one at a time (positivePay/positivePayBehaviour.ts),
// so the kill matrix can prove each check. test/contract/facts/requestDeviations.test.ts
// holds that, door or reader, every MUST deviation is refused but those
// EMULATOR_ACCEPTS names, and no SHOULD or OBSERVE one is but those
// EMULATOR_REFUSES names. No seeded fault relaxes a requirement refused here.

/** Requirements the door refuses, which no reader of the emulator read before the contract. */
export const DOOR_REQUIREMENTS: readonly string[] = ['CL-CLOSED-ATTRIBUTES', 'CL-PATH-IDS'];

/** MUST deviations the emulator lets through, and why: its leniency is a choice the documents leave to the service. */
export const EMULATOR_ACCEPTS: Readonly<Record<string, string>> = {
  'event.resend:body-empty-object':
    "a resend without a body is taken as the empty object, as the platform's own Node SDK sends it (the client judge still FAILs it)",
  'sandbox.approveDocument:body-empty-object': 'a document approval without a body is taken as the empty object, as a resend is',
  'sandbox.approveApplication:member-missing': 'a sandbox approve without a reason is taken: the reason is only recorded',
  'sandbox.denyApplication:member-missing': 'a sandbox deny without a reason is taken: the reason is only recorded',
};

/** SHOULD or OBSERVE deviations the emulator refuses all the same, and why: stricter than the documents, as a sandbox may be. */
export const EMULATOR_REFUSES: Readonly<Record<string, string>> = {
  'positivePay.list:query-undocumented': 'a filter silently ignored would hand back unfiltered data as if it were the answer',
  'webhook.list:query-undocumented': 'a filter silently ignored would hand back unfiltered data as if it were the answer',
  'event.list:query-undocumented': 'a filter silently ignored would hand back unfiltered data as if it were the answer',
  'webhook.create:plain-missing:label':
    'a webhook is created with what it delivers and how: label, url and contentType are read as required',
  'webhook.create:plain-missing:url': 'a webhook is created with what it delivers and how: label, url and contentType are read as required',
  'webhook.create:plain-missing:contentType':
    'a webhook is created with what it delivers and how: label, url and contentType are read as required',
};

/** `/webhooks/{id}` and `/webhooks/:id` alike: the shape of a path template with its names left out. */
const shapeOf = (template: string): string => template.replace(/\{\w+\}|:\w+/g, ':');
const OPERATION_BY_ROUTE = new Map(
  (Object.entries(OPERATIONS) as Array<[OperationName, Operation]>).map(([name, operation]) => [
    `${operation.method} ${shapeOf(operation.path)}`,
    name,
  ]),
);

function doorRequest(operation: OperationName, request: FastifyRequest): ContractRequest {
  const [pathname = '/', search = ''] = request.url.split(/\?(.*)/s);
  const size = Number(request.headers['content-length'] ?? 0);
  return {
    pathParams: pathParamsOf(operation, pathname),
    query: [...new URLSearchParams(search)],
    bodySize: Number.isFinite(size) ? size : 0,
    ...(request.body === undefined || Buffer.isBuffer(request.body) ? {} : { json: { value: request.body } }),
  };
}

/** Adds the door to each documented route as it is added. */
export function addRequestDoor(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.config && (route.config as { control?: boolean }).control) return;
    for (const method of [route.method].flat()) {
      const operation = OPERATION_BY_ROUTE.get(`${method} ${shapeOf(route.url)}`);
      if (!operation) continue;
      const existing = route.preValidation;
      const hooks = existing === undefined ? [] : [existing].flat();
      route.preValidation = [
        ...hooks,
        async (request: FastifyRequest) => {
          if (request.method !== method) return;
          const refused = requestDeviations(
            operation,
            doorRequest(operation, request),
            (clause) => clause.level === 'MUST' && DOOR_REQUIREMENTS.includes(clause.requirement),
          )[0];
          if (!refused) return;
          const detail = `${refused.where}: expected ${refused.expected}; got ${refused.got}`;
          if (refused.where.startsWith('/')) throw new ApiError(400, 'Invalid request', detail, { pointer: refused.where });
          // JSON:API's source has no member for a path segment: the detail quotes the path it is in.
          throw new ApiError(400, 'Invalid request', `${detail} in ${method} ${request.url.split('?')[0]}`);
        },
      ];
    }
  });
}
