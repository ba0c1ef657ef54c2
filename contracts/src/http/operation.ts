// An HTTP call as data: the single source from which services take their route schemas and the
// gateway generates the OpenAPI document.
import type { z } from 'zod';
import { ZErrorBody } from '../errors.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** OpenAPI style: /api/users/{id}/profile */
  path: string;
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
 * A path parameter is a whole segment, `{id}`. Read segment by segment rather than by a regex: an
 * unanchored `\{([^}]+)\}` is one redos-detector rightly refuses (it rescans from every "{").
 */
const parameterOf = (segment: string) => (segment.length > 2 && segment.startsWith('{') && segment.endsWith('}') ? segment.slice(1, -1) : undefined);

/** The names of an operation's path parameters, in order: /api/users/{id}/profile has id. */
export function pathParameterNames(operation: Pick<Operation, 'path'>): string[] {
  return operation.path.split('/').flatMap((segment) => parameterOf(segment) ?? []);
}

/** The Fastify path of an operation: {id} becomes :id. */
export function fastifyPath(operation: Pick<Operation, 'path'>): string {
  return operation.path
    .split('/')
    .map((segment) => {
      const parameter = parameterOf(segment);
      return parameter === undefined ? segment : `:${parameter}`;
    })
    .join('/');
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
    ...(operation.body ? { body: operation.body } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.headers ? { headers: operation.headers } : {}),
    response,
  } as { summary: string; tags: string[]; body: B; querystring: Q; headers?: z.ZodType; response: { 200: R } & Record<number, z.ZodType> };
}

/**
 * The address of a call to `operation`: each `{name}` segment of its path filled with `params[name]`,
 * URL-encoded (front ends take their paths from here instead of writing them again). A missing or
 * unknown parameter throws, so a renamed one fails loudly at the first call.
 */
export function operationPath(operation: Pick<Operation, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
  const names = pathParameterNames(operation);
  const unknown = Object.keys(params).filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`${operation.path} has no parameter ${unknown.join(', ')}`);
  return operation.path
    .split('/')
    .map((segment) => {
      const parameter = parameterOf(segment);
      if (parameter === undefined) return segment;
      const value = params[parameter];
      if (value === undefined) throw new Error(`${operation.path} needs the parameter ${parameter}`);
      return encodeURIComponent(String(value));
    })
    .join('/');
}

/**
 * Whether `path` (a query string allowed) is an address of `operation`: the same segments, each
 * `{name}` matched by one non-empty segment. Front ends use it to recognise cached reads by operation.
 */
export function isOperationPath(operation: Pick<Operation, 'path'>, path: string): boolean {
  const wanted = operation.path.split('/');
  const actual = path.split('?')[0]!.split('/');
  return wanted.length === actual.length && wanted.every((segment, i) => (parameterOf(segment) === undefined ? segment === actual[i] : actual[i] !== ''));
}
