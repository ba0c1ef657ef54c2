export * from './errors.ts';
export * from './user.ts';
export * from './settings.ts';
export * from './http/auth.ts';
export * from './events/define-event.ts';
export * as authEvents from './events/auth.ts';
export * from './http/operation.ts';
export { buildOpenApiDocument, ALL_OPERATIONS } from './openapi.ts';
