// The OpenAPI 3.1 document, generated from the operations declared in contracts/ (never by hand).
import { z } from 'zod';
import { ACCOUNT_OPERATIONS } from './account/http.ts';
import { PRIORITIES_OPERATIONS } from './priorities/http.ts';
import { AUTH_OPERATIONS } from './auth/http.ts';
import { SOCIAL_OPERATIONS } from './social/http.ts';
import { LEDGER_OPERATIONS } from './ledger/http.ts';
import { BRIEFING_OPERATIONS } from './briefing/http.ts';
import { DISCOVER_OPERATIONS, NETWORK_OPERATIONS } from './social/network.ts';
import { ADMIN_OPERATIONS } from './admin/http.ts';
import { NOTIFICATIONS_OPERATIONS } from './notifications/http.ts';
import { OPEN_DATA_OPERATIONS } from './priorities/open-data.ts';
import { pathParameterNames, type Operation } from './shared/operation.ts';
import { ZErrorBody } from './shared/errors.ts';

export const ALL_OPERATIONS: readonly Operation[] = [
  ...Object.values(AUTH_OPERATIONS),
  ...Object.values(ACCOUNT_OPERATIONS),
  ...Object.values(DISCOVER_OPERATIONS),
  ...Object.values(SOCIAL_OPERATIONS),
  ...Object.values(PRIORITIES_OPERATIONS),
  ...Object.values(LEDGER_OPERATIONS),
  ...Object.values(BRIEFING_OPERATIONS),
  ...Object.values(NETWORK_OPERATIONS),
  ...Object.values(ADMIN_OPERATIONS),
  ...Object.values(NOTIFICATIONS_OPERATIONS),
  ...Object.values(OPEN_DATA_OPERATIONS),
];

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });

function parameters(operation: Operation) {
  const path = pathParameterNames(operation).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const query = operation.query ? (jsonSchema(operation.query, 'input') as { properties?: Record<string, object>; required?: string[] }) : null;
  const queryParams = Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query?.required?.includes(name) ?? false,
    schema,
  }));
  const headers = operation.headers ? (jsonSchema(operation.headers, 'input') as { properties?: Record<string, object>; required?: string[] }) : null;
  const headerParams = Object.entries(headers?.properties ?? {}).map(([name, schema]) => ({
    // Declared in lower case (as Node gives them); documented as written on the wire: Idempotency-Key.
    name: name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()),
    in: 'header',
    required: headers?.required?.includes(name) ?? false,
    schema,
  }));
  return [...path, ...queryParams, ...headerParams];
}

export function buildOpenApiDocument(operations: readonly Operation[] = ALL_OPERATIONS) {
  const paths: Record<string, Record<string, object>> = {};
  for (const op of operations) {
    const responses: Record<string, object> = {
      200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } },
    };
    for (const status of op.errors) {
      responses[status] = { description: 'Error', content: { 'application/json': { schema: jsonSchema(ZErrorBody, 'output') } } };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      summary: op.summary,
      tags: [op.owner],
      ...(op.auth === 'none' ? {} : { security: [{ session: [] }] }),
      parameters: parameters(op),
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Civic Agenda API',
      version: '0.1.0',
      description: 'State-changing calls need the X-CSRF-Token header (GET /api/csrf-token). Errors answer { message, code?, errors? }.',
    },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } } },
    paths,
  };
}
