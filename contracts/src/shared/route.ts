// An HTTP call's route identity (method and path) and the functions that read its path. Zod-free on
// purpose: browser code takes its paths from the routes modules (../<owner>/routes.ts) and these helpers
// without loading zod and the schemas (docs/frontend-weight.md); the operations (./operation.ts)
// spread the same routes, so each path is written once.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** OpenAPI style: /api/users/{id}/profile */
  path: string;
}

/**
 * A path parameter is a whole segment, `{id}`. Read segment by segment rather than by a regex: an
 * unanchored `\{([^}]+)\}` is one redos-detector rightly refuses (it rescans from every "{").
 */
const parameterOf = (segment: string) => (segment.length > 2 && segment.startsWith('{') && segment.endsWith('}') ? segment.slice(1, -1) : undefined);

/** The names of an operation's path parameters, in order: /api/users/{id}/profile has id. */
export function pathParameterNames(operation: Pick<Route, 'path'>): string[] {
  return operation.path.split('/').flatMap((segment) => parameterOf(segment) ?? []);
}

/** The Fastify path of an operation: {id} becomes :id. */
export function fastifyPath(operation: Pick<Route, 'path'>): string {
  return operation.path
    .split('/')
    .map((segment) => {
      const parameter = parameterOf(segment);
      return parameter === undefined ? segment : `:${parameter}`;
    })
    .join('/');
}

/**
 * The address of a call to `operation`: each `{name}` segment of its path filled with `params[name]`,
 * URL-encoded (front ends take their paths from here instead of writing them again). A missing or
 * unknown parameter throws, so a renamed one fails loudly at the first call.
 */
export function operationPath(operation: Pick<Route, 'path'>, params: Readonly<Record<string, string | number>> = {}): string {
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
export function isOperationPath(operation: Pick<Route, 'path'>, path: string): boolean {
  const wanted = operation.path.split('/');
  const actual = path.split('?')[0]!.split('/');
  return wanted.length === actual.length && wanted.every((segment, i) => (parameterOf(segment) === undefined ? segment === actual[i] : actual[i] !== ''));
}
