// A notification mail: plain text and HTML parts saying the same, a link to /settings,
// one-click unsubscribe (RFC 8058: List-Unsubscribe with the signed https link, List-Unsubscribe-Post)
// and a link per switch in the body. No images, no tracking pixels, no per-reader links beyond the
// unsubscribe tokens. Pure: the dispatcher gives it the lines and the links.
import { NOTIFICATION_SWITCH_LABELS, type TNotificationSwitch } from '@civic/contracts';
import type { MailMessage } from '@civic/service-kit';
import type { DigestLine } from './describe-notifications.ts';

export interface DigestLinks {
  origin: string;
  /** The link of each switch this mail may turn off, the one-click header's first. */
  unsubscribe: readonly { switch: TNotificationSwitch; url: string }[];
}

const SECTION_TITLES = { priorities: 'Your priorities', network: 'Your network' } as const;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML, character by character (a global replace costs a call per match on a long text of quotes). */
export function escapeHtml(value: string): string {
  let out = '';
  for (const c of value) out += HTML_ESCAPES[c] ?? c;
  return out;
}

function subjectOf(lines: readonly DigestLine[]): string {
  // One thing happened: it is the subject. Several: how many (a subject is what a lock screen shows).
  if (lines.length === 1) return lines[0]!.text.replace(/\.$/, '');
  return `${lines.length} updates on Civic Agenda`;
}

export function composeDigest(to: string, greetingName: string | null, lines: readonly DigestLine[], links: DigestLinks): MailMessage {
  const url = (path: string) => new URL(path, links.origin).toString();
  const settings = url('/settings');
  const oneClick = links.unsubscribe[0]!;
  const sections = (['priorities', 'network'] as const).filter((s) => lines.some((l) => l.section === s));
  const hello = greetingName ? `Hello ${greetingName},` : 'Hello,';

  const text = [
    hello,
    '',
    ...sections.flatMap((section) => [SECTION_TITLES[section], ...lines.filter((l) => l.section === section).map((l) => `- ${l.text} ${url(l.path)}`), '']),
    `Choose which e-mails you get: ${settings}`,
    ...links.unsubscribe.map((u) => `Stop ${NOTIFICATION_SWITCH_LABELS[u.switch]} e-mails: ${u.url}`),
  ].join('\n');

  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Civic Agenda</title></head><body>',
    `<p>${escapeHtml(hello)}</p>`,
    ...sections.flatMap((section) => [
      `<h2>${SECTION_TITLES[section]}</h2>`,
      '<ul>',
      ...lines.filter((l) => l.section === section).map((l) => `<li><a href="${escapeHtml(url(l.path))}">${escapeHtml(l.text)}</a></li>`),
      '</ul>',
    ]),
    `<p><a href="${escapeHtml(settings)}">Choose which e-mails you get</a></p>`,
    '<p>',
    links.unsubscribe.map((u) => `<a href="${escapeHtml(u.url)}">Stop ${NOTIFICATION_SWITCH_LABELS[u.switch]} e-mails</a>`).join(' · '),
    '</p>',
    '</body></html>',
  ].join('\n');

  return {
    to,
    subject: subjectOf(lines),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${oneClick.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The author's notice that an administrator removed their priority: always sent, whatever the switches. */
export function composeRemovalNotice(to: string, greetingName: string | null, title: string, reason: string, origin: string): MailMessage {
  const hello = greetingName ? `Hello ${greetingName},` : 'Hello,';
  const guidelines = 'This is a moderation notice: it is sent whatever your e-mail settings.';
  const quoted = `“${title}”`;
  return {
    to,
    subject: `Your priority ${quoted} was removed`,
    text: [
      hello,
      '',
      `An administrator removed your priority ${quoted} from Civic Agenda.`,
      '',
      `Reason: ${reason}`,
      '',
      guidelines,
      new URL('/priorities', origin).toString(),
    ].join('\n'),
    html: [
      '<!doctype html>',
      '<html lang="en"><head><meta charset="utf-8"><title>Civic Agenda</title></head><body>',
      `<p>${escapeHtml(hello)}</p>`,
      `<p>An administrator removed your priority ${escapeHtml(quoted)} from Civic Agenda.</p>`,
      `<p>Reason: ${escapeHtml(reason)}</p>`,
      `<p>${escapeHtml(guidelines)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
