// @ts-check
// A burst of sign-in requests from new browsers: the CSRF token (which sets the pre-session cookie),
// then "send me a code" for a fresh address. It measures the send path (budgets counted under their
// locks, the code stored, the mail handed to the transport); typing the code needs the mail, which a
// load generator does not read: the seeding command does that (k6/README.md). A 429 is the
// per-network budget refusing, counted in sign_in_refused; anything but 200 and 429 is an error.
import { send } from '../lib/api.js';
import { EMAIL_DOMAIN } from '../lib/config.js';
import { signInRefused } from '../lib/metrics.js';

/** The value of the first cookie whose name ends with `suffix` (pre, or __Host-pre behind HTTPS). */
function cookieEnding(/** @type {Record<string, Array<{ name: string, value: string }>>} */ cookies, /** @type {string} */ suffix) {
  const name = Object.keys(cookies).find((n) => n === suffix || n.endsWith(`-${suffix}`));
  return name ? { name, value: cookies[name][0].value } : null;
}

export function signInBurst() {
  const token = send('GET', '/api/csrf-token', { name: 'GET /api/csrf-token' });
  const pre = cookieEnding(token.cookies, 'pre');
  if (token.status !== 200 || !pre) return;
  const email = `k6-burst-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}@${EMAIL_DOMAIN}`;
  const sent = send(
    'POST',
    '/api/auth/email/send-otp',
    { name: 'POST /api/auth/email/send-otp', expect: [200, 429], cookies: { [pre.name]: pre.value }, headers: { 'X-CSRF-Token': String(token.json('token')) } },
    { email },
  );
  if (sent.status === 429) signInRefused.add(1);
}
