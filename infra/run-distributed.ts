// `npm run start:distributed`: the distributed profile on one machine, the same processes
// docker-compose.yml describes. PostgreSQL is this machine's (its administrator creates a role per
// service); NATS and Redis are servers of our own, started here with a user per process,
// since the machine's run without users. Secrets and passwords are generated once into
// $DATA_DIR/distributed.env (never in code).
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publicIdentityRingText } from '@civic/service-kit';
import { generateIdentityKeyEnv, PUBLIC_KEY, SIGNING_KEY } from './identity-key-env.ts';
import { credentialKeys, generateCredentials } from './network-credentials.ts';
import { startSecuredNetwork } from './secured-network.ts';
import { spawnDistributedProcesses, stopServerProcess } from './distributed-processes.ts';
import { SERVICE_PROCESSES } from './services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DATA_DIR = resolve(ROOT, process.env.DATA_DIR ?? 'data');

function readEnvFile(file: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

const SHARED_SECRETS = ['CSRF_SECRET', 'AUTH_CODE_KEY', 'NOTIFICATIONS_LINK_KEY'] as const;

/** The secrets and every process's passwords; a file from before the passwords existed gets them added. */
function loadOrCreateSecrets(): Record<string, string> {
  const file = resolve(DATA_DIR, 'distributed.env');
  if (!existsSync(file)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, '', { mode: 0o600 });
  }
  const known = readEnvFile(file);
  const secret = () => randomBytes(32).toString('base64url');
  // A secret added by a later release (NOTIFICATIONS_LINK_KEY, the identity keys) is appended to an
  // older file. The public identity keys are always those of the private ones in the file.
  const pair = generateIdentityKeyEnv();
  const signing = known[SIGNING_KEY] ?? pair[SIGNING_KEY];
  const fresh: Record<string, string> = {
    ...Object.fromEntries(SHARED_SECRETS.map((key) => [key, secret()])),
    [SIGNING_KEY]: signing,
    [PUBLIC_KEY]: publicIdentityRingText(signing),
    ...generateCredentials(),
  };
  const missing = [...SHARED_SECRETS, SIGNING_KEY, PUBLIC_KEY, ...credentialKeys()].filter((key) => !known[key]);
  if (missing.length) appendFileSync(file, missing.map((key) => `${key}=${fresh[key]}\n`).join(''));
  return readEnvFile(file);
}

const secrets = loadOrCreateSecrets();
// Each process gets the shared secrets and its own passwords only (network.envOf), never the others';
// only the gateway gets the private identity keys (distributed-processes.ts, identity-key-env.ts).
const passwords = new Set(credentialKeys());
const base: NodeJS.ProcessEnv = {
  // Local development: sign-in mail as .eml files under data/mail (a deployment must choose; see README).
  MAIL_TRANSPORT: 'file',
  ...Object.fromEntries(Object.entries(secrets).filter(([key]) => !passwords.has(key))),
  ...process.env,
  PROFILE: 'distributed',
  DATA_DIR,
};
// The PostgreSQL administrator: creates the roles and databases; no service process gets it.
const adminDatabaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const network = await startSecuredNetwork({
  dir: DATA_DIR,
  services: SERVICE_PROCESSES.map((s) => s.name),
  databaseUrl: adminDatabaseUrl,
  databasePrefix: base.DATABASE_PREFIX ?? 'civic_',
  natsPrefix: base.NATS_PREFIX ?? '',
  redisPrefix: base.REDIS_PREFIX ?? 'civic:',
  credentials: secrets,
  natsPort: process.env.LOCAL_NATS_PORT ? Number(process.env.LOCAL_NATS_PORT) : undefined,
  redisPort: process.env.LOCAL_REDIS_PORT ? Number(process.env.LOCAL_REDIS_PORT) : undefined,
});
const { adminEnv } = network;
console.log(`NATS ${adminEnv.NATS_URL} and Redis ${new URL(adminEnv.REDIS_URL!).host} started with a user per process; PostgreSQL roles ready`);
const envOf = (user: string): NodeJS.ProcessEnv => ({ ...base, ...network.envOf(user) });

/**
 * Each process drains for at most 10 s (close-with-grace's delay in the kit's service main and the
 * gateway); one that is still running 5 s after that is killed, so a hung process cannot keep the
 * whole profile, and its NATS and Redis, from stopping. A second signal while stopping changes nothing.
 */
const KILL_AFTER_MS = 15_000;

let stopping = false;
const processes = spawnDistributedProcesses({
  envOf,
  portOf: (name) => SERVICE_PROCESSES.find((s) => s.name === name)!.port,
  gatewayPort: Number(process.env.PORT ?? '3000'),
  stdioOf: () => ['ignore', 'inherit', 'inherit'],
});
const children = processes.map((p) => p.child);
for (const { name, child } of processes) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal ?? code}); stopping the others`);
      void stop(1);
    }
  });
}

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(children.map((child) => stopServerProcess(child, KILL_AFTER_MS)));
  await network.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
