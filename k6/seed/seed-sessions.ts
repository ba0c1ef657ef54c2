// `npm run k6:seed-sessions`: signs K6_CITIZENS citizens in through the real sign-in flow, reading
// the codes from the file mailer's .eml files, and writes their session cookies and CSRF tokens to
// K6_SESSIONS_FILE for the k6 scripts (k6/README.md says why this way and how to point it at a
// deployment). Sign-in is not weakened: every budget applies; with K6_SEED_CLIENT_NETWORKS each
// citizen asks from its own address, which the gateway believes only when it trusts this machine
// as its proxy (TRUST_PROXY).
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { MailCodes } from './mail-codes.ts';
import { type SeededCitizen, signInCitizen } from './sign-in.ts';

export interface SeedOptions {
  baseUrl: string;
  citizens: number;
  mailDir: string;
  file: string;
  emailDomain?: string;
  /** More than 0: citizen i asks from 198.18.x.y (X-Forwarded-For), one of this many addresses. */
  clientNetworks?: number;
  concurrency?: number;
}

/** 198.18.0.0/15 is kept for benchmarks (RFC 2544): never a real citizen's address. */
export function benchmarkAddress(n: number): string {
  return `198.18.${Math.floor(n / 256) % 256}.${n % 256}`;
}

export async function seedSessions(options: SeedOptions): Promise<SeededCitizen[]> {
  const mail = new MailCodes(options.mailDir);
  const seeded: SeededCitizen[] = new Array(options.citizens);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < options.citizens; i = next++) {
      const email = `k6-citizen-${i}@${options.emailDomain ?? 'example.com'}`;
      const networks = options.clientNetworks ?? 0;
      seeded[i] = await signInCitizen(options.baseUrl, email, mail, networks > 0 ? benchmarkAddress(i % networks) : undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  await mkdir(dirname(options.file), { recursive: true });
  await writeFile(options.file, `${JSON.stringify({ baseUrl: options.baseUrl, seededAt: new Date().toISOString(), citizens: seeded }, null, 1)}\n`, {
    mode: 0o600,
  });
  await chmod(options.file, 0o600);
  return seeded;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const options: SeedOptions = {
    baseUrl: (env.BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
    citizens: Number(env.K6_CITIZENS ?? '50'),
    mailDir: resolve(env.K6_MAIL_DIR ?? resolve(env.DATA_DIR ?? 'data', 'mail')),
    file: resolve(env.K6_SESSIONS_FILE ?? 'k6/.sessions.json'),
    emailDomain: env.K6_EMAIL_DOMAIN,
    clientNetworks: Number(env.K6_SEED_CLIENT_NETWORKS ?? '0'),
    concurrency: Number(env.K6_SEED_CONCURRENCY ?? '4'),
  };
  const started = Date.now();
  const seeded = await seedSessions(options);
  console.log(`${seeded.length} citizens signed in at ${options.baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s; sessions in ${options.file}`);
}
