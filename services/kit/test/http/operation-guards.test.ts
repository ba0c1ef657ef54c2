// The kit puts the guard an operation's `auth` asks for on the route a service registers for it, before
// validation; a route that is no operation and says nothing about who may call is refused.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, defineOperation, fastifyPath, routeSchema } from '@civic/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { installErrorHandlers } from '../../src/http/errors.ts';
import { identityPlugin } from '../../src/http/identity-plugin.ts';
import { createIdentitySigner, IDENTITY_HEADER, type Identity } from '../../src/http/internal-identity.ts';
import { generateIdentityKeyPair } from '../../src/identity-keys.ts';
import { operationGuards } from '../../src/http/operation-guards.ts';

const { privateKey: SECRET, publicKey: PUBLIC } = generateIdentityKeyPair();
const body = z.strictObject({ name: z.string().min(1) });
const operationOf = (auth: 'none' | 'user' | 'active-user' | 'admin') =>
  defineOperation({
    method: 'POST',
    path: `/api/${auth}/{id}`,
    summary: auth,
    owner: 'test',
    auth,
    body,
    response: z.object({ ok: z.boolean() }),
    errors: [400, 401, 403],
  });
const OPERATIONS = { none: operationOf('none'), user: operationOf('user'), active: operationOf('active-user'), admin: operationOf('admin') };

async function serviceApp(register: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandlers(app);
  await app.register(identityPlugin, { service: 'test', publicKeys: PUBLIC });
  await app.register(operationGuards, { operations: Object.values(OPERATIONS) });
  register(app);
  await app.ready();
  return app;
}

const sign = createIdentitySigner(SECRET);
const visitor: Identity = { userId: null, isAdmin: false, isBanned: false, ip: '10.0.0.1' };
const member: Identity = { ...visitor, userId: '6f1f7a52-5f0c-4d55-9d0a-1f7e1c1b2a3c' };
const banned: Identity = { ...member, isBanned: true };
const admin: Identity = { ...member, isAdmin: true };
const pending: Identity = { ...member, isPending: true };

describe('operation guards', () => {
  let app: FastifyInstance;
  before(async () => {
    app = await serviceApp((scope) => {
      for (const operation of Object.values(OPERATIONS)) {
        scope.post(fastifyPath(operation), { schema: routeSchema(operation) }, async () => ({ ok: true }));
      }
      scope.get('/api/stream', { config: { auth: 'user' } }, async () => ({ ok: true }));
      scope.get('/api/open', { config: { auth: 'none' } }, async () => ({ ok: true }));
    });
  });
  after(() => app.close());

  const call = (path: string, identity: Identity, payload: unknown = {}) =>
    app.inject({ method: 'POST', url: path, headers: { [IDENTITY_HEADER]: sign(identity, 'test') }, payload: payload as object });

  test('each level refuses who it must, before the body is validated (an empty body is invalid)', async () => {
    const expected: Array<[string, Identity, number]> = [
      ['/api/none/1', visitor, 400],
      ['/api/user/1', visitor, 401],
      ['/api/user/1', banned, 400],
      ['/api/active-user/1', visitor, 401],
      ['/api/active-user/1', banned, 403],
      ['/api/active-user/1', member, 400],
      ['/api/active-user/1', pending, 403],
      ['/api/user/1', pending, 400],
      ['/api/admin/1', visitor, 401],
      ['/api/admin/1', member, 403],
      ['/api/admin/1', admin, 400],
    ];
    for (const [path, identity, status] of expected) {
      assert.equal((await call(path, identity)).statusCode, status, `${path} as ${JSON.stringify(identity)}`);
    }
    assert.equal((await call('/api/admin/1', admin, { name: 'x' })).statusCode, 200);
  });

  test('an account awaiting approval is refused active-user calls with the awaiting-approval message; a banned one keeps its own', async () => {
    const refused = await call('/api/active-user/1', pending);
    assert.equal(refused.json().message, ADMIN_MESSAGES.awaitingApproval);
    assert.equal((await call('/api/active-user/1', { ...pending, isBanned: true })).json().message, 'Your account has been banned');
  });

  test('a route that is no operation takes its config.auth, on GET and the HEAD made from it', async () => {
    const headers = (identity: Identity) => ({ [IDENTITY_HEADER]: sign(identity, 'test') });
    assert.equal((await app.inject({ method: 'GET', url: '/api/stream', headers: headers(visitor) })).statusCode, 401);
    assert.equal((await app.inject({ method: 'HEAD', url: '/api/stream', headers: headers(visitor) })).statusCode, 401);
    assert.equal((await app.inject({ method: 'GET', url: '/api/stream', headers: headers(member) })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: '/api/open', headers: headers(visitor) })).statusCode, 200);
  });

  test('a route that is no operation and declares no auth cannot be registered', async () => {
    await assert.rejects(
      serviceApp((scope) => void scope.get('/api/forgotten', async () => ({}))),
      /no operation of contracts\/ and declares no config.auth/,
    );
  });

  test("a route's own auth cannot contradict its operation's", async () => {
    await assert.rejects(
      serviceApp((scope) => void scope.post(fastifyPath(OPERATIONS.admin), { config: { auth: 'user' } }, async () => ({}))),
      /declares auth 'user' but its operation says 'admin'/,
    );
  });
});
