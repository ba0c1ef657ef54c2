// The routes modules are the one source of every operation's method and path, and stay zod-free so
// browser code can import them without the schemas (docs/frontend-weight.md).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ACCOUNT_OPERATIONS } from './account/http.ts';
import { AUTH_OPERATIONS } from './auth/http.ts';
import { LEDGER_OPERATIONS } from './ledger/http.ts';
import { PRIORITIES_OPERATIONS } from './priorities/http.ts';
import { ACCOUNT_ROUTES } from './account/routes.ts';
import { AUTH_ROUTES } from './auth/routes.ts';
import { LEDGER_ROUTES } from './ledger/routes.ts';
import { PRIORITIES_ROUTES } from './priorities/routes.ts';
import { NETWORK_ROUTES, SOCIAL_ROUTES } from './social/routes.ts';
import { DISCOVER_OPERATIONS, NETWORK_OPERATIONS } from './social/network.ts';
import { SOCIAL_OPERATIONS } from './social/http.ts';
import { BRIEFING_OPERATIONS } from './briefing/http.ts';
import { BRIEFING_ROUTES } from './briefing/routes.ts';
import { ADMIN_OPERATIONS } from './admin/http.ts';
import { ADMIN_ROUTES } from './admin/routes.ts';
import { NOTIFICATIONS_ROUTES } from './notifications/routes.ts';
import { NOTIFICATIONS_OPERATIONS } from './notifications/http.ts';
import type { Operation, Route } from './shared/operation.ts';

const pairs: [string, Record<string, Route>, Record<string, Operation>][] = [
  ['auth', AUTH_ROUTES, AUTH_OPERATIONS],
  ['account', ACCOUNT_ROUTES, { ...ACCOUNT_OPERATIONS, ...DISCOVER_OPERATIONS }],
  ['social', SOCIAL_ROUTES, SOCIAL_OPERATIONS],
  ['network', NETWORK_ROUTES, NETWORK_OPERATIONS],
  ['priorities', PRIORITIES_ROUTES, PRIORITIES_OPERATIONS],
  ['ledger', LEDGER_ROUTES, LEDGER_OPERATIONS],
  ['briefing', BRIEFING_ROUTES, BRIEFING_OPERATIONS],
  ['admin', ADMIN_ROUTES, ADMIN_OPERATIONS],
  ['notifications', NOTIFICATIONS_ROUTES, NOTIFICATIONS_OPERATIONS],
];

test('every operation has the route of the same name, with its method and path', () => {
  for (const [service, routes, operations] of pairs) {
    assert.deepEqual(Object.keys(operations).sort(), Object.keys(routes).sort(), `${service}: operations and routes`);
    for (const [name, operation] of Object.entries(operations)) {
      assert.deepEqual({ method: operation.method, path: operation.path }, routes[name], `${service}.${name}`);
    }
  }
});

test('the route modules import nothing at run time (no zod in the browser through them)', () => {
  const owners = readdirSync(new URL('./', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'shared');
  const routeModules = owners.flatMap(({ name }) =>
    readdirSync(new URL(`./${name}/`, import.meta.url))
      .filter((file) => file.endsWith('routes.ts'))
      .map((file) => `${name}/${file}`),
  );
  const sources = ['shared/route.ts', ...routeModules];
  // Each owner's routes.ts, and priorities' open-data-routes.ts.
  assert.equal(routeModules.filter((file) => file.endsWith('/routes.ts')).length, owners.length, `every owner has a routes module: ${routeModules.join(', ')}`);
  for (const source of sources) {
    const text = readFileSync(new URL(source, import.meta.url), 'utf8');
    const imports = text.split('\n').filter((line) => /^(import|export) .* from /.test(line));
    assert.deepEqual(
      imports.filter((line) => !/^import type /.test(line)),
      [],
      `${source} imports only types`,
    );
  }
});
