// Admission of the route table's downloads (DOWNLOAD_*, docs/configuration.md): 429 past a network's
// share, a bounded wait for a place in all (503 then), and a reader that stops reading is cut
// (downloads/idle-readers.ts), which frees its place and its upstream connection.
import type { FastifyInstance } from 'fastify';
import { clientNetworkOf, type Platform } from '@civic/service-kit';
import { watchIdleReaders } from '../downloads/idle-readers.ts';
import { createOpenDownloads, type DownloadLimits, type DownloadRefusal, type OpenDownloads } from '../downloads/open-downloads.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A download route of the route table: download pool, download limits. */
    download?: boolean;
  }
}

const REFUSALS: Record<DownloadRefusal, { statusCode: number; code: string; message: string; retryAfter?: string }> = {
  network: {
    statusCode: 429,
    code: 'GATEWAY_TOO_MANY_DOWNLOADS',
    message: 'Too many downloads from your network at once. Wait for one to finish and try again.',
  },
  busy: {
    statusCode: 503,
    code: 'GATEWAY_DOWNLOADS_BUSY',
    message: 'Downloads are busy right now. Please try again in a minute.',
    retryAfter: '60',
  },
};

/** Each gateway's download counts, by its platform: for tests and diagnostics. */
const downloadsByPlatform = new WeakMap<Platform, OpenDownloads>();
export function openDownloadsOf(platform: Platform): OpenDownloads | undefined {
  return downloadsByPlatform.get(platform);
}

export interface DownloadLimitOptions {
  platform: Platform;
  limits: DownloadLimits;
  idleTimeoutMs: number;
}

export function installDownloadLimits(app: FastifyInstance, options: DownloadLimitOptions): OpenDownloads {
  const downloads = createOpenDownloads(options.limits);
  downloadsByPlatform.set(options.platform, downloads);
  const idle = watchIdleReaders(options.idleTimeoutMs);
  app.addHook('onClose', async () => idle.close());
  const { meter } = options.platform.metrics;
  meter
    .createObservableGauge('civic.downloads.open', { description: 'Downloads (published snapshots) this gateway process is sending' })
    .addCallback((observer) => observer.observe(downloads.running));
  const refusals = meter.createCounter('civic.downloads.refused', { description: 'Downloads refused: network cap (network) or no place in time (busy)' });
  const idleClosed = meter.createCounter('civic.downloads.idle_closed', { description: 'Downloads closed because their reader stopped reading' });

  // A callback hook, so the requests that are not downloads (nearly all) cost no promise here.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.routeOptions.config.download) return done();
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    downloads.admit(clientNetworkOf(request.ip), gone.signal).then((admitted) => {
      if (typeof admitted === 'string') {
        if (gone.signal.aborted) return;
        refusals.add(1, { reason: admitted });
        const { statusCode, retryAfter, ...body } = REFUSALS[admitted];
        if (retryAfter) void reply.header('retry-after', retryAfter);
        void reply.code(statusCode).send(body);
        return;
      }
      if (gone.signal.aborted) return admitted.release();
      reply.raw.once('close', () => admitted.release());
      idle.watch(reply.raw, () => {
        idleClosed.add(1);
        request.log.info({ idleTimeoutMs: options.idleTimeoutMs }, 'download closed: its reader stopped reading');
        reply.raw.destroy();
      });
      done();
    }, done);
  });
  return downloads;
}
