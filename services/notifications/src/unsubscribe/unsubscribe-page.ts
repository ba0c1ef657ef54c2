// The page a citizen sees after clicking a mail's unsubscribe link: self-contained HTML (no script,
// so the gateway's CSP holds), readable at phone width, one button that POSTs the same link. A mail
// client's RFC 8058 one-click POST gets JSON instead (unsubscribe-routes.ts decides by Accept).
import { escapeHtml } from '../dispatch/compose-digest.ts';

export interface UnsubscribePage {
  title: string;
  message: string;
  /** The link to POST to, when the page offers the button. */
  action?: string;
}

export function renderUnsubscribePage(page: UnsubscribePage, origin: string): string {
  const settings = new URL('/settings', origin).toString();
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)} · Civic Agenda</title>`,
    '<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}',
    'button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}',
    'a{color:#1d4ed8}</style>',
    '</head><body><main>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    `<p>${escapeHtml(page.message)}</p>`,
    page.action
      ? `<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
      : '',
    `<p><a href="${escapeHtml(settings)}">Open your settings</a></p>`,
    '</main></body></html>',
  ].join('\n');
}
