// Mail over a real SMTP conversation: with MAIL_TRANSPORT=smtp the code and the link arrive at a
// local SMTP server and both sign the browser in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.ts';
import { startStack, type Stack } from '../../../test/support/stack.ts';

describe('sign-in mail over SMTP', () => {
  let smtp: SmtpSink;
  let stack: Stack;
  before(async () => {
    smtp = await startSmtpSink();
    stack = await startStack('embedded', { services: ['auth'], env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url } });
  });
  after(async () => {
    await stack?.close();
    await smtp?.close();
  });

  test('the e-mailed code arrives over SMTP and signs in', async () => {
    const client = stack.client();
    const email = `smtp-code.${process.pid}@example.com`;
    const sent = await client.post('/api/auth/email/send-otp', { email });
    assert.equal(sent.status, 200, sent.text);
    const mail = await smtp.waitFor(email);
    assert.match(mail.subject, /sign-in code/);
    assert.match(mail.code!, /^\d{6}$/);
    const verified = await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mail.code });
    assert.equal(verified.status, 200, verified.text);
    assert.equal((await client.get('/api/auth/user')).body.email, email);
    assert.equal(await stack.countMails(email), 0, 'nothing was written to files');
  });

  test('the e-mailed link arrives over SMTP and signs in', async () => {
    const client = stack.client();
    const email = `smtp-link.${process.pid}@example.com`;
    assert.equal((await client.post('/api/auth/email/send-magic-link', { email })).status, 200);
    const mail = await smtp.waitFor(email);
    assert.ok(mail.token);
    assert.equal((await client.post('/api/auth/email/verify-token', { token: mail.token })).status, 200);
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });

  test('an unreachable SMTP server answers the spec fallback, not a 500', async () => {
    await smtp.close();
    const client = stack.client();
    const answer = await client.post('/api/auth/email/send-otp', { email: `smtp-down.${process.pid}@example.com` });
    assert.equal(answer.status, 502);
    assert.equal(answer.body.message, 'Failed to send authentication request');
    smtp = await startSmtpSink();
  });
});
