import assert from 'node:assert/strict';
import { test } from 'node:test';
import { invitationLink } from './invitation-link.ts';

test('the invitation link is the origin with ?ref={userId}', () => {
  assert.equal(
    invitationLink('https://civic.example.org', '6f1c0b7e-1c1f-4d6e-9a3b-2d5e8f9a0b1c'),
    'https://civic.example.org/?ref=6f1c0b7e-1c1f-4d6e-9a3b-2d5e8f9a0b1c',
  );
  assert.equal(invitationLink('http://127.0.0.1:4010', 'abc'), 'http://127.0.0.1:4010/?ref=abc');
});
