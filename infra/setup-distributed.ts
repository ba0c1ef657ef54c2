// Prepares the shared infrastructure of the distributed profile: one PostgreSQL database per
// service (migrations then run when each service starts) and one JetStream stream per service.
import { connect } from '@nats-io/transport-node';
import { loadConfig, ZPlatformConfig } from '@civic/service-kit/config';
import { ensureDatabase } from '@civic/service-kit/db/pg-driver';
import { ensureStreams } from '@civic/service-kit/events/index';
import { SERVICE_PROCESSES } from './services.ts';

export async function setupDistributed(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // Setup sends no mail: a transport is not its to choose, so any value satisfies the check.
  const config = loadConfig(ZPlatformConfig, { MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://unused.invalid', ...env, PROFILE: 'distributed' });
  const services = SERVICE_PROCESSES.map((s) => s.name);
  for (const service of services) await ensureDatabase(config.DATABASE_URL!, `${config.DATABASE_PREFIX}${service}`);
  const nc = await connect({ servers: config.NATS_URL! });
  try {
    await ensureStreams(nc, services, { namespace: config.NATS_PREFIX });
  } finally {
    await nc.close();
  }
  console.log(`databases ${services.map((s) => config.DATABASE_PREFIX + s).join(', ')} and their streams are ready`);
}

if (import.meta.url === `file://${process.argv[1]}`) await setupDistributed();
