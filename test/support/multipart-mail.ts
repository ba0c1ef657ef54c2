// Reads the notification mails (multipart/alternative: a text and an HTML part, RFC 2047 encoded
// subjects) from the .eml files the embedded profile writes or the raw messages an SMTP sink keeps.
// Sign-in mails are single-part: mail-reader.ts reads those.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface MultipartMail {
  headers: Record<string, string>;
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), adjacent ones joined. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

export function parseMultipartMail(raw: string): MultipartMail {
  const { headers, body } = splitHead(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = (headers['content-type'] ?? '').match(/boundary="?([^";]+)"?/)?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r?\n/, ''));
      parts.push({ type: part.headers['content-type'] ?? 'text/plain', content: decodeBody(part.headers, part.body).replace(/\r?\n$/, '') });
    }
  } else {
    parts.push({ type: headers['content-type'] ?? 'text/plain', content: decodeBody(headers, body) });
  }
  return {
    headers,
    to: headers.to ?? '',
    subject: decodeEncodedWords(headers.subject ?? ''),
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

/** Every mail to `to` in `mailDir`, oldest first. */
export async function readMailsTo(mailDir: string, to: string): Promise<MultipartMail[]> {
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: MultipartMail[] = [];
  for (const file of files) {
    const mail = parseMultipartMail(await readFile(join(mailDir, file), 'utf8'));
    if (mail.to.toLowerCase().includes(to.toLowerCase())) mails.push(mail);
  }
  return mails;
}
