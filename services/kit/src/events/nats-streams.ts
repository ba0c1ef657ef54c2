// Creates or updates one JetStream stream per producing service (SECURITY 22: file storage, bounded
// age, a duplicate window long enough for the relay's republish after a crash).
import type { NatsConnection } from '@nats-io/transport-node';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { streamNameFor, streamSubjectFor } from './naming.ts';

export interface StreamOptions {
  /** Prefix for stream names and subjects (tests, shared servers); default none. */
  namespace?: string;
  /** How long messages are kept; default 7 days (a consumer down longer than this misses events). */
  maxAgeMs?: number;
  /** Nats-Msg-Id dedupe window; default 10 minutes, never below 2 minutes. */
  duplicateWindowMs?: number;
  replicas?: number;
}

const MS_TO_NANOS = 1_000_000;
const MIN_DUPLICATE_WINDOW_MS = 2 * 60 * 1000;

export function streamConfigFor(service: string, options: StreamOptions = {}): Partial<StreamConfig> & { name: string } {
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 60 * 60 * 1000;
  const duplicateWindowMs = Math.max(options.duplicateWindowMs ?? 10 * 60 * 1000, MIN_DUPLICATE_WINDOW_MS);
  if (duplicateWindowMs > maxAgeMs) throw new Error('duplicateWindowMs must not exceed maxAgeMs');
  return {
    name: streamNameFor(service, options.namespace),
    subjects: [streamSubjectFor(service, options.namespace)],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: maxAgeMs * MS_TO_NANOS,
    duplicate_window: duplicateWindowMs * MS_TO_NANOS,
    num_replicas: options.replicas ?? 1,
  };
}

export function isJetStreamNotFound(error: unknown): boolean {
  return error instanceof JetStreamApiError && (error.code === JetStreamApiCodes.StreamNotFound || error.code === JetStreamApiCodes.ConsumerNotFound);
}

async function ensureStream(jsm: JetStreamManager, service: string, options: StreamOptions): Promise<string> {
  const wanted = streamConfigFor(service, options);
  try {
    const { config } = await jsm.streams.info(wanted.name);
    if (config.storage !== wanted.storage) {
      // JetStream cannot change storage in place; moving data is an operator's decision.
      throw new Error(`Stream ${wanted.name} uses ${config.storage} storage; expected ${wanted.storage}`);
    }
    const drifted =
      config.max_age !== wanted.max_age ||
      config.duplicate_window !== wanted.duplicate_window ||
      config.num_replicas !== wanted.num_replicas ||
      JSON.stringify(config.subjects) !== JSON.stringify(wanted.subjects);
    if (drifted) {
      const { name, storage: _storage, ...mutable } = wanted;
      await jsm.streams.update(name, mutable);
    }
  } catch (error) {
    if (!isJetStreamNotFound(error)) throw error;
    await jsm.streams.add(wanted);
  }
  return wanted.name;
}

/** Makes sure every listed service has its stream; resolves to the stream names. Idempotent. */
export async function ensureStreams(nc: NatsConnection, services: readonly string[], options: StreamOptions = {}): Promise<string[]> {
  const jsm = await jetstreamManager(nc);
  const names: string[] = [];
  for (const service of services) names.push(await ensureStream(jsm, service, options));
  return names;
}
