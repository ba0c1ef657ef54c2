// Platform settings of a benchmark's servers. No admin service runs there, so a setting a load needs
// (a daily limit the load would pass) is put straight into the run's settings bucket, as the admin
// service publishes it, before the servers start: each reads the bucket when it starts.
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { PlatformSettingKey } from '@civic/contracts';
import { ensureSettingsBucket, settingsBucketFor } from '@civic/service-kit';

export async function putBenchSettings(env: { NATS_URL: string; NATS_PREFIX: string }, values: Partial<Record<PlatformSettingKey, string>>): Promise<void> {
  const nc = await connect({ servers: env.NATS_URL });
  try {
    await ensureSettingsBucket(nc, env.NATS_PREFIX);
    // A KV put is a JetStream publish to $KV.<bucket>.<key>.
    const js = jetstream(nc);
    const bucket = settingsBucketFor(env.NATS_PREFIX);
    for (const [key, value] of Object.entries(values)) await js.publish(`$KV.${bucket}.${key}`, JSON.stringify({ value, revision: 1 }));
  } finally {
    await nc.close();
  }
}
