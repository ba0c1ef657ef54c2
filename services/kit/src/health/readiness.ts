// Health you can trust: /healthz says the process is alive (and has not met a failure it
// cannot recover from); /readyz says it can serve now: every dependency answers within a bound,
// migrations are applied, consumers run, and it is not shutting down. Orchestrators stop sending
// traffic on a failed /readyz and restart on a failed /healthz.
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../version.ts';

export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency is usable; throws (or times out) when it is not. */
  check(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
}

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export async function evaluateReadiness(checks: readonly ReadinessCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async ({ name, check }) => {
      try {
        await withTimeout(check(), timeoutMs);
        return [name, 'ok'] as const;
      } catch (error) {
        return [name, error instanceof Error ? error.message : String(error)] as const;
      }
    }),
  );
  return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
}

export interface HealthSource {
  /** Why the process cannot recover by itself (e.g. its NATS connection closed for good), or null. */
  fatal(): string | null;
  readinessChecks(): readonly ReadinessCheck[];
}

/**
 * GET /healthz and GET /readyz; 503 with the failing checks named when not alive or not ready. Both
 * name the release (`version`), so a rolling deploy shows which processes run which.
 */
export function registerHealthRoutes(app: FastifyInstance, source: HealthSource, extra: Record<string, string> = {}): void {
  app.get('/healthz', async (_request, reply) => {
    const fatal = source.fatal();
    if (fatal) return reply.status(503).send({ status: 'failed', reason: fatal, version: APP_VERSION, ...extra });
    return { status: 'ok', version: APP_VERSION, ...extra };
  });
  app.get('/readyz', async (_request, reply) => {
    const { ready, checks } = await evaluateReadiness(source.readinessChecks());
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks, version: APP_VERSION, ...extra });
  });
}
