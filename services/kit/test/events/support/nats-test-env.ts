// A NATS connection plus a namespace unique to the test, whose streams (and their consumers) are
// deleted afterwards, so parallel runs never see each other's data.
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { NATS_URL } from './reachability.ts';
import { uniqueToken } from './test-kit.ts';

export interface NatsTestEnv {
  nc: NatsConnection;
  jsm: JetStreamManager;
  namespace: string;
  cleanup(): Promise<void>;
}

export async function createNatsTestEnv(): Promise<NatsTestEnv> {
  const nc = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(nc);
  const namespace = uniqueToken();
  return {
    nc,
    jsm,
    namespace,
    async cleanup() {
      const prefix = `${namespace.toUpperCase()}_`;
      for await (const name of jsm.streams.names()) {
        if (name.startsWith(prefix)) await jsm.streams.delete(name);
      }
      await nc.close();
    },
  };
}
