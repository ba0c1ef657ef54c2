// An HTTP call as data: the single source from which services take their route schemas and the
// gateway generates the OpenAPI document.
import { z } from 'zod';
import { ZErrorBody } from './errors.ts';
import type { Route } from './route.ts';

// The path helpers are zod-free (./route.ts) so browser code can use them; re-exported for the services.
export { fastifyPath, isOperationPath, operationPath, pathParameterNames, type HttpMethod, type Route } from './route.ts';

/** A route (method and path, from ../<owner>/routes.ts) with its schemas, owner and guard. */
export interface Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> extends Route {
  summary: string;
  owner: string;
  body?: B;
  query?: Q;
  /**
   * Request headers the operation reads, keyed by lower-case name (as Node gives them); a loose object,
   * so the headers it does not name pass through untouched.
   */
  headers?: z.ZodType;
  response: R;
  /** Statuses that answer with the error body. */
  errors: readonly number[];
  /**
   * Who may call, checked by the service kit before the input is validated (so a visitor gets 401 and
   * a banned user 403 whatever the body says): 'none' anyone; 'user' a signed-in user; 'active-user' a
   * signed-in user who is not banned (calls that create content or earn rewards, SECURITY 14);
   * 'admin' an administrator. The kit applies the guard to the route registered for the operation.
   */
  auth: OperationAuth;
}

export const OPERATION_AUTH = ['none', 'user', 'active-user', 'admin'] as const;
export type OperationAuth = (typeof OPERATION_AUTH)[number];

export function defineOperation<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  operation: Operation<B, Q, R>,
): Operation<B, Q, R> {
  return operation;
}

/**
 * The body schema as the route validates it. Fastify hands a request without a body (no content, no
 * content type) to the validator as null; an operation whose body is optional (it accepts undefined)
 * reads that null as no body, instead of refusing it as a wrong type.
 */
function routeBody(body: z.ZodType): z.ZodType {
  return body.safeParse(undefined).success ? z.preprocess((value) => value ?? undefined, body) : body;
}

/** The Fastify route schema of an operation (validated through the zod type provider). */
export function routeSchema<B extends z.ZodType | undefined, Q extends z.ZodType | undefined, R extends z.ZodType>(
  operation: Operation<B, Q, R>,
): { summary: string; tags: string[]; body: B; querystring: Q; headers?: z.ZodType; response: { 200: R } & Record<number, z.ZodType> } {
  const response: Record<number, z.ZodType> = { 200: operation.response };
  for (const status of operation.errors) response[status] = ZErrorBody;
  // Absent body/querystring keys are left out entirely (an undefined schema makes Fastify warn).
  return {
    summary: operation.summary,
    tags: [operation.owner],
    ...(operation.body ? { body: routeBody(operation.body) } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.headers ? { headers: operation.headers } : {}),
    response,
  } as { summary: string; tags: string[]; body: B; querystring: Q; headers?: z.ZodType; response: { 200: R } & Record<number, z.ZodType> };
}
