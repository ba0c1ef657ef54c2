import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isOperationPath, operationPath } from './route.ts';

test('operationPath fills each {name} segment, URL-encoded', () => {
  assert.equal(operationPath({ path: '/api/priorities' }), '/api/priorities');
  assert.equal(operationPath({ path: '/api/users/{id}/profile' }, { id: 'a b/c' }), '/api/users/a%20b%2Fc/profile');
  assert.equal(operationPath({ path: '/api/things/{kind}/{id}' }, { kind: 'x', id: 7 }), '/api/things/x/7');
});

test('operationPath refuses a missing or an unknown parameter', () => {
  assert.throws(() => operationPath({ path: '/api/users/{id}/profile' }), /needs the parameter id/);
  assert.throws(() => operationPath({ path: '/api/priorities' }, { id: '1' }), /has no parameter id/);
});

test('isOperationPath recognises an operation address, query string or not', () => {
  const userActivities = { path: '/api/users/{id}/activities' };
  assert.equal(isOperationPath(userActivities, '/api/users/abc/activities'), true);
  assert.equal(isOperationPath(userActivities, '/api/users/abc/activities?limit=5'), true);
  assert.equal(isOperationPath(userActivities, '/api/users//activities'), false);
  assert.equal(isOperationPath(userActivities, '/api/users/abc/profile'), false);
  assert.equal(isOperationPath({ path: '/api/priorities' }, '/api/priorities?limit=50'), true);
  assert.equal(isOperationPath({ path: '/api/priorities' }, '/api/priorities/stream'), false);
  assert.equal(isOperationPath({ path: '/api/priorities' }, '/api/prioritiesx'), false);
});
