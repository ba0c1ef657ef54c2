// Route guards come from the contracts: every operation in contracts/src/<owner>/http.ts declares who may call it
// (`auth`), and when a service registers the route of an operation, this plugin puts the guard for
// that `auth` first among the route's preValidation hooks. Who may call is so settled before the input
// is looked at (a visitor gets 401, a banned user 403, whatever the body says), and a new route cannot
// forget its guard: a route that matches no operation must declare `config: { auth }` itself, or it is
// refused when it is registered.
import { ALL_OPERATIONS, fastifyPath, type Operation, type OperationAuth } from '@civic/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { requireActiveUser, requireAdmin, requireUser } from './identity-plugin.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a route that is no contract operation (e.g. a stream); see OperationAuth. */
    auth?: OperationAuth;
  }
}

type Guard = (request: FastifyRequest) => Promise<void>;

/** One guard function per level, so a route that already has its guard (HEAD copies GET's) is seen to. */
const GUARDS: Record<Exclude<OperationAuth, 'none'>, Guard> = {
  user: async (request) => void requireUser(request),
  'active-user': async (request) => void requireActiveUser(request),
  admin: async (request) => void requireAdmin(request),
};

export function guardOf(auth: OperationAuth): Guard | undefined {
  return auth === 'none' ? undefined : GUARDS[auth];
}

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** The operations by Fastify method and path ("GET /api/users/:id/profile"). */
export function indexOperations(operations: readonly Operation[]): Map<string, Operation> {
  const index = new Map<string, Operation>();
  for (const operation of operations) index.set(routeKey(operation.method, fastifyPath(operation)), operation);
  return index;
}

/** What `auth` a route is registered with: its operation's, else its own `config.auth`. */
function authOf(route: RouteOptions, index: Map<string, Operation>): OperationAuth {
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((method) => (method === 'HEAD' ? 'GET' : method));
  const declared = new Set(methods.map((method) => index.get(routeKey(method, route.url))?.auth));
  const own = (route.config as { auth?: OperationAuth } | undefined)?.auth;
  const fromOperation = [...declared].filter((auth) => auth !== undefined);
  if (fromOperation.length > 1 || (fromOperation.length === 1 && declared.size > 1)) {
    throw new Error(`Route ${methods.join(',')} ${route.url} joins operations of different auth: register one route per operation`);
  }
  const auth = fromOperation[0] ?? own;
  if (!auth) throw new Error(`Route ${methods.join(',')} ${route.url} is no operation of contracts/ and declares no config.auth: say who may call it`);
  if (fromOperation[0] && own && own !== fromOperation[0]) {
    throw new Error(`Route ${methods.join(',')} ${route.url} declares auth '${own}' but its operation says '${fromOperation[0]}'`);
  }
  return auth;
}

export interface OperationGuardsOptions {
  /** The operations routes are matched against (all of contracts/ unless a test says otherwise). */
  operations?: readonly Operation[];
}

export const operationGuards = fp<OperationGuardsOptions>(
  async (app, options) => {
    const index = indexOperations(options.operations ?? ALL_OPERATIONS);
    app.addHook('onRoute', (route) => {
      const guard = guardOf(authOf(route, index));
      if (!guard) return;
      const hooks = route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation];
      if (hooks.includes(guard)) return;
      route.preValidation = [guard, ...hooks];
    });
  },
  { name: 'civic-operation-guards', fastify: '5.x' },
);
