// A notification mail's layout: the subject (the one line, or how many), both parts, the settings
// link, RFC 8058's headers naming the first unsubscribe link, and HTML that escapes what citizens wrote.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeDigest, composeRemovalNotice } from '../../src/dispatch/compose-digest.ts';

const links = {
  origin: 'https://civic.example',
  unsubscribe: [
    { switch: 'priorityNotifications' as const, url: 'https://civic.example/api/notifications/unsubscribe?token=p' },
    { switch: 'emailNotifications' as const, url: 'https://civic.example/api/notifications/unsubscribe?token=e' },
  ],
};

test('one line is the subject; the parts hold the line, the settings link and every unsubscribe link', () => {
  const mail = composeDigest(
    'ann@example.com',
    'Ann',
    [{ section: 'priorities', text: 'Bo Park endorsed your priority “<Roads> & rails”.', path: '/priorities' }],
    links,
  );
  assert.equal(mail.subject, 'Bo Park endorsed your priority “<Roads> & rails”');
  assert.match(mail.text, /^Hello Ann,\n\nYour priorities\n- Bo Park endorsed your priority “<Roads> & rails”\. https:\/\/civic\.example\/priorities\n/);
  assert.match(mail.text, /Choose which e-mails you get: https:\/\/civic\.example\/settings/);
  assert.match(mail.text, /Stop priority notification e-mails: https:\/\/civic\.example\/api\/notifications\/unsubscribe\?token=p/);
  assert.match(mail.text, /Stop all notification e-mails: https:\/\/civic\.example\/api\/notifications\/unsubscribe\?token=e/);
  assert.match(mail.html!, /&lt;Roads&gt; &amp; rails/);
  assert.doesNotMatch(mail.html!, /<Roads>|<img/);
  assert.deepEqual(mail.headers, {
    'List-Unsubscribe': '<https://civic.example/api/notifications/unsubscribe?token=p>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  });
});

test('several lines: the subject counts them; no name, no name in the greeting', () => {
  const mail = composeDigest(
    'x@example.com',
    null,
    [
      { section: 'priorities', text: 'A.', path: '/priorities' },
      { section: 'network', text: 'B.', path: '/network' },
    ],
    links,
  );
  assert.equal(mail.subject, '2 updates on Civic Agenda');
  assert.match(mail.text, /^Hello,\n\nYour priorities\n- A\. .*\n\nYour network\n- B\. /);
});

test('the removal notice quotes the title and the reason, in both parts, with no unsubscribe header', () => {
  const mail = composeRemovalNotice('ann@example.com', 'Ann', 'Buy <now>', 'Spam & ads', 'https://civic.example');
  assert.equal(mail.subject, 'Your priority “Buy <now>” was removed');
  assert.match(mail.text, /Reason: Spam & ads/);
  assert.match(mail.html!, /Reason: Spam &amp; ads/);
  assert.equal(mail.headers, undefined);
});
