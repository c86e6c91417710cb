import { OPERATIONS, type Operation, type OperationName } from '../contract/catalogue/operationCatalogue.ts';

// Which documented operation a request calls, from its method and path alone,
// by the operation catalogue's path templates.

const MATCHERS = (Object.entries(OPERATIONS) as Array<[OperationName, Operation]>).map(([name, operation]) => ({
  name,
  method: operation.method,
  pattern: new RegExp(`^${operation.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));

/** The operation `method path` calls; undefined for one the documents do not list. */
export function operationOf(method: string, pathname: string): OperationName | undefined {
  return MATCHERS.find((matcher) => matcher.method === method.toUpperCase() && matcher.pattern.test(pathname))?.name;
}

/** How a report names an operation: `event.resend (POST /events/{id})`. */
export const operationLabel = (name: OperationName): string => `${name} (${OPERATIONS[name].method} ${OPERATIONS[name].path})`;
