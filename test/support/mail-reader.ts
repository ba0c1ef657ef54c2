// Reads the sign-in mails the embedded profile writes as .eml files (and raw SMTP messages):
// headers, a quoted-printable text body, and the code or link inside.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  token: string | null;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string): ReadMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  const link = body.match(/https?:\/\/\S+\?token=[A-Za-z0-9_-]+/)?.[0] ?? null;
  return {
    to: header('To'),
    subject: header('Subject'),
    text: body,
    code: body.match(/\b(\d{6})\b/)?.[1] ?? null,
    link,
    token: link ? new URL(link).searchParams.get('token') : null,
  };
}

/** The newest mail to `to` in `mailDir`, waiting up to `timeoutMs` for it to appear. */
export async function readLatestMail(mailDir: string, to: string, timeoutMs = 5000, after = 0): Promise<ReadMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(mailDir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    let seen = 0;
    for (const file of files) {
      const mail = parseMail(await readFile(join(mailDir, file), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase())) {
        if (seen === after) return mail;
        seen++;
      }
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many mails to `to` are in `mailDir` now. */
export async function countMails(mailDir: string, to: string): Promise<number> {
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
  let count = 0;
  for (const file of files) {
    if (
      parseMail(await readFile(join(mailDir, file), 'utf8'))
        .to.toLowerCase()
        .includes(to.toLowerCase())
    )
      count++;
  }
  return count;
}
