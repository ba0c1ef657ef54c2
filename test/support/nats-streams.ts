// The JetStream streams (and with them their consumers) a run created under its prefix, deleted when
// it ends, so test and benchmark runs leave no streams behind on a shared NATS server.
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';

export async function deleteStreams(natsUrl: string, namespace: string): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    const prefix = `${namespace.toUpperCase()}_`;
    for await (const name of jsm.streams.names()) if (name.startsWith(prefix)) await jsm.streams.delete(name);
  } finally {
    await nc.close();
  }
}
