// The static header set covers what SECURITY 27 asks for, on API answers and on served pages.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { securityHeaders } from '../src/plugins/security-headers.ts';
import { startStack, type Stack } from '../../test/support/stack.ts';

test('HSTS only outside local development', () => {
  assert.equal(securityHeaders({ hsts: false })['strict-transport-security'], undefined);
  assert.match(securityHeaders({ hsts: true })['strict-transport-security']!, /max-age=31536000/);
});

describe('pages and assets carry the security headers too', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack('embedded', { frontends: true });
  });
  after(async () => stack?.close());

  for (const path of ['/', '/priorities', '/mf/remotes.json']) {
    test(path, async () => {
      const response = await fetch(new URL(path, stack.baseUrl), { headers: { accept: 'text/html' } });
      assert.equal(response.status, 200);
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) assert.ok(csp.includes(directive), directive);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      await response.arrayBuffer();
    });
  }
});
