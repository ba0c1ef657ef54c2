// Mail over a real SMTP conversation, from the auth service alone: with MAIL_TRANSPORT=smtp the code
// and the link arrive at a local SMTP server and both sign the browser in.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildTestService, type TestService } from '@civic/service-kit/testing';
import { authService } from '../../src/app.ts';
import { countMails } from '../../../../test/support/mail-reader.ts';
import { startSmtpSink, type SmtpSink } from '../../../../test/support/smtp-sink.ts';
import { browserOf } from '../support/auth-service.ts';

describe('sign-in mail over SMTP', () => {
  let smtp: SmtpSink;
  let service: TestService;
  // Built here, not with useTestService: the sink's address is known only once it listens.
  before(async () => {
    smtp = await startSmtpSink();
    service = await buildTestService(authService, { env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url } });
  });
  after(async () => {
    await service?.close();
    await smtp?.close();
  });

  test('the e-mailed code arrives over SMTP and signs in', async () => {
    const client = browserOf(service);
    const email = `smtp-code.${process.pid}@example.com`;
    const sent = await client.post('/api/auth/email/send-otp', { email });
    assert.equal(sent.status, 200, sent.text);
    const mail = await smtp.waitFor(email);
    assert.match(mail.subject, /sign-in code/);
    assert.match(mail.code!, /^\d{6}$/);
    const verified = await client.post('/api/auth/email/verify-otp', { stateId: sent.body.stateId, otp: mail.code });
    assert.equal(verified.status, 200, verified.text);
    assert.equal((await client.get('/api/auth/user')).body.email, email);
    assert.equal(await countMails(join(service.dataDir, 'mail'), email), 0, 'nothing was written to files');
  });

  test('the e-mailed link arrives over SMTP and signs in', async () => {
    const client = browserOf(service);
    const email = `smtp-link.${process.pid}@example.com`;
    assert.equal((await client.post('/api/auth/email/send-magic-link', { email })).status, 200);
    const mail = await smtp.waitFor(email);
    assert.ok(mail.token);
    assert.equal((await client.post('/api/auth/email/verify-token', { token: mail.token })).status, 200);
    assert.equal((await client.get('/api/auth/user')).status, 200);
  });

  test('an unreachable SMTP server answers the spec fallback, not a 500', async () => {
    await smtp.close();
    const client = browserOf(service);
    const answer = await client.post('/api/auth/email/send-otp', { email: `smtp-down.${process.pid}@example.com` });
    assert.equal(answer.status, 502);
    assert.equal(answer.body.message, 'Failed to send authentication request');
    smtp = await startSmtpSink();
  });
});
