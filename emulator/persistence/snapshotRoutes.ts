import type { FastifyInstance } from 'fastify';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import { addControlRoute } from '../core/controlRouteList.ts';
import { ApiError, invalid } from '../core/jsonApi.ts';
import { type NamedSnapshots, SNAPSHOT_NAME } from './namedSnapshots.ts';
import { StateRefused } from './stateFormat.ts';

// Control endpoints of named snapshots (capability fixtureProvisioning), plain JSON:
//   GET  /_emulator/snapshots                 {snapshots: [{name, savedAt, events}]}
//   POST /_emulator/snapshots {name}          saves the whole store under name (replacing one of that name): 201
//   POST /_emulator/snapshots/restore {name}  puts the store back as saved: 200 {restored, discarded}
// Tokens held are kept across a restore (a suite keeps its credentials); see docs/emulator-state.md.

function readName(body: unknown): string {
  const name = typeof body === 'object' && body !== null ? (body as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || !SNAPSHOT_NAME.test(name))
    throw invalid('/name', 'name is required: 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit');
  return name;
}

/** A snapshot that can no longer be read or applied is a conflict with the store as it is, never a 5xx. */
function restoreOrConflict(snapshots: NamedSnapshots, name: string): ReturnType<NamedSnapshots['restore']> {
  try {
    return snapshots.restore(name);
  } catch (error) {
    if (error instanceof StateRefused) throw new ApiError(409, 'Conflict', error.message, { pointer: '/name' });
    throw error;
  }
}

export function registerSnapshotRoutes(app: FastifyInstance, snapshots: NamedSnapshots): void {
  addControlRoute(app, CONTROL_ROUTES.listSnapshots, async () => ({ snapshots: snapshots.list() }));

  addControlRoute(app, CONTROL_ROUTES.saveSnapshot, async (request, reply) => {
    const name = readName(request.body);
    return reply.code(201).send(snapshots.save(name));
  });

  addControlRoute(app, CONTROL_ROUTES.restoreSnapshot, async (request) => {
    const name = readName(request.body);
    const restored = restoreOrConflict(snapshots, name);
    if (!restored)
      throw new ApiError(
        404,
        'Not found',
        `no snapshot named '${name}' (${CONTROL_ROUTES.listSnapshots.method} ${CONTROL_PREFIX}${CONTROL_ROUTES.listSnapshots.path} lists them)`,
        { pointer: '/name' },
      );
    return restored;
  });
}
