// Distributed platform settings: the NATS KV bucket `platform-settings` ({value, revision} per key),
// loaded at start and watched by every process, and kept on the NATS server's disk across restarts
// (docs/architecture.md "Platform settings"). Only the admin service's NATS user may write it.
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError, StorageType } from '@nats-io/jetstream';
import { type KV, KvWatchInclude, Kvm } from '@nats-io/kv';
import { PLATFORM_SETTING_DEFAULTS, type PlatformSettingKey } from '@civic/contracts';
import type { Logger } from 'pino';
import { type PlatformSettings, platformSettingsOver, type PublishedSetting, SettingValues } from './platform-settings.ts';

const BUCKET = 'platform-settings';
/** A missed watch message (a reconnect in between) is repaired by re-reading every key this often. */
const RESYNC_MS = 15_000;
/** How long to wait before watching again after the watch failed (bucket not made yet, NATS away). */
const RETRY_MS = 1_000;

/** The bucket of a deployment; a namespace (NATS_PREFIX: tests, shared servers) prefixes it. */
export function settingsBucketFor(namespace = ''): string {
  return `${namespace}${BUCKET}`;
}

/** The JetStream stream behind the bucket (KV_<bucket>), for permissions. */
export function settingsStreamFor(namespace = ''): string {
  return `KV_${settingsBucketFor(namespace)}`;
}

/** Makes the bucket (setup, as the NATS administrator): file storage, the last value of each key only. */
export async function ensureSettingsBucket(nc: NatsConnection, namespace = ''): Promise<void> {
  await new Kvm(nc).create(settingsBucketFor(namespace), { history: 1, storage: StorageType.File });
}

function parse(raw: string): PublishedSetting | null {
  try {
    const parsed = JSON.parse(raw) as Partial<PublishedSetting>;
    if (typeof parsed.value === 'string' && Number.isSafeInteger(parsed.revision)) return { value: parsed.value, revision: parsed.revision! };
  } catch {
    // fall through: an unreadable value is ignored (the default or last good value stays)
  }
  return null;
}

const isWrongLastSequence = (error: unknown) => error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamWrongLastSequence;

export async function createKvSettings(nc: NatsConnection, options: { namespace?: string; logger: Logger }): Promise<PlatformSettings> {
  const { logger } = options;
  const values = new SettingValues();
  const kv: KV = await new Kvm(nc).open(settingsBucketFor(options.namespace));
  let closed = false;
  let stopWatch: (() => void) | null = null;
  let retry: NodeJS.Timeout | undefined;

  /** Reads every key now (start, and the periodic repair). */
  const loadAll = async () => {
    for (const { key } of PLATFORM_SETTING_DEFAULTS) {
      const entry = await kv.get(key);
      const setting = entry && entry.operation === 'PUT' ? parse(entry.string()) : null;
      if (setting) values.apply(key, setting);
    }
  };

  /**
   * Watches first (updates only), then loads: a change made in between is seen by one or the other,
   * and the revision keeps the newer.
   */
  const watch = async () => {
    const iterator = await kv.watch({ include: KvWatchInclude.UpdatesOnly, ignoreDeletes: true });
    stopWatch = () => iterator.stop();
    try {
      await loadAll();
    } catch (error) {
      iterator.stop();
      stopWatch = null;
      throw error;
    }
    void (async () => {
      for await (const entry of iterator) {
        const setting = parse(entry.string());
        if (setting) values.apply(entry.key, setting);
      }
      if (!closed) scheduleWatch('the settings watch ended');
    })().catch((error: unknown) => !closed && scheduleWatch('the settings watch failed', error));
  };

  const scheduleWatch = (message: string, error?: unknown) => {
    stopWatch?.();
    stopWatch = null;
    logger.warn({ err: error, bucket: settingsBucketFor(options.namespace) }, `${message}; watching again`);
    retry = setTimeout(() => {
      void watch().catch((again: unknown) => !closed && scheduleWatch('the settings watch could not start', again));
    }, RETRY_MS);
    retry.unref();
  };

  // The bucket is made ahead by setup (infra/setup-distributed.ts). When it is missing, a user allowed
  // to make it (a development server without users) does so; otherwise spec defaults apply meanwhile
  // and the watch is retried.
  const started = async () => {
    try {
      await watch();
      return null;
    } catch (error) {
      return error;
    }
  };
  let failure = await started();
  if (failure) {
    await ensureSettingsBucket(nc, options.namespace).catch(() => {});
    failure = await started();
  }
  if (failure) scheduleWatch('platform settings are not readable yet; spec defaults apply meanwhile', failure);
  const resync = setInterval(() => {
    void loadAll().catch((error: unknown) => logger.warn({ err: error }, 'platform settings resync failed'));
  }, RESYNC_MS);
  resync.unref();

  return platformSettingsOver(values, {
    async publish(key: PlatformSettingKey, setting: PublishedSetting) {
      const data = JSON.stringify(setting);
      // Compare-and-set on the key's last KV revision: two admin replicas publishing at once never
      // leave the older database revision in the bucket.
      for (;;) {
        const entry = await kv.get(key);
        const current = entry && entry.operation === 'PUT' ? parse(entry.string()) : null;
        if (current && current.revision >= setting.revision) return;
        try {
          if (entry) await kv.update(key, data, entry.revision);
          else await kv.create(key, data);
          return;
        } catch (error) {
          if (!isWrongLastSequence(error) && !(error instanceof Error && /wrong last sequence|key exists/i.test(error.message))) throw error;
        }
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(resync);
      stopWatch?.();
    },
  });
}
