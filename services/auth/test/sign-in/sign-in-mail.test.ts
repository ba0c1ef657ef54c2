import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeSignInMail } from '../../src/sign-in/sign-in-mail.ts';

test('the code is in the body, never in the subject (lock screens and previews show subjects)', () => {
  const mail = composeSignInMail('http://localhost:3000', 'ada@example.com', { code: '042917' });
  assert.ok(!mail.subject.includes('042917'), `subject: ${mail.subject}`);
  assert.doesNotMatch(mail.subject, /\d{6}/);
  assert.match(mail.subject, /sign-in code/);
  assert.match(mail.text, /042917/);
});

test('the link is in the body, never in the subject', () => {
  const mail = composeSignInMail('http://localhost:3000', 'ada@example.com', { token: 'T'.repeat(43) });
  assert.ok(!mail.subject.includes('T'.repeat(43)));
  assert.match(mail.text, /\?token=T{43}/);
});
