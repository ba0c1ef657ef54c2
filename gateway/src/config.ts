// Gateway settings on top of the platform's: where each service answers when distributed.
import { isIP } from 'node:net';
import { z } from 'zod';
import { ZPlatformConfig } from '@civic/service-kit';
import type { UpstreamLimits } from './plugins/forward-request.ts';

export const ZGatewayConfig = z.object({
  /**
   * Which proxies in front may name the client in X-Forwarded-For. Never "every hop": the client
   * writes the header's leftmost entries itself, so trusting all of them lets it pick its address.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context): TrustedProxies => {
      const trusted = trustedProxiesOf(value);
      if (trusted === undefined) {
        context.addIssue({ code: 'custom', message: 'expected false, true (one proxy), a number of proxies, or proxy addresses/CIDRs separated by commas' });
        return z.NEVER;
      }
      return trusted;
    }),
  /** Upstream base URLs, distributed profile: SERVICE_URL_AUTH=http://127.0.0.1:3101 ... */
  SERVICE_URL_AUTH: z.string().url().optional(),
  SERVICE_URL_PRIORITIES: z.string().url().optional(),
  SERVICE_URL_LEDGER: z.string().url().optional(),
  SERVICE_URL_BRIEFING: z.string().url().optional(),
  SERVICE_URL_SOCIAL: z.string().url().optional(),
  SERVICE_URL_ACCOUNT: z.string().url().optional(),
  SERVICE_URL_ADMIN: z.string().url().optional(),
  /** The services this gateway mounts (embedded) or forwards to (distributed); default: every built one. */
  GATEWAY_SERVICES: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((name) => name.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    ),
  /** Per-client, per-minute request budgets (SECURITY 9, 26). */
  RATE_LIMIT_SIGN_IN_MAIL: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGN_IN_VERIFY: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WRITE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_READ: z.coerce.number().int().positive().default(1200),
  /** Writes per account a minute, whatever the network: above any citizen's clicking (docs/security.md). */
  RATE_LIMIT_ACCOUNT_WRITE: z.coerce.number().int().positive().default(60),
  /** Open live streams per user, per network and in all; the total also caps each stream pool, so none queues. */
  STREAM_LIMIT_PER_USER: z.coerce.number().int().positive().default(5),
  STREAM_LIMIT_PER_NETWORK: z.coerce.number().int().positive().default(50),
  STREAM_LIMIT_TOTAL: z.coerce.number().int().positive().default(5000),
  /** Downloads at once per network and in all (plugins/download-limits.ts); the total sizes each download pool. */
  DOWNLOAD_LIMIT_PER_NETWORK: z.coerce.number().int().positive().default(4),
  DOWNLOAD_LIMIT_TOTAL: z.coerce.number().int().positive().default(16),
  DOWNLOAD_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  DOWNLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(30_000),
  /** How often the sessions of open streams are read again; a stream whose session ended is closed. */
  STREAM_SESSION_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** Distributed: the upstream limits (forward-request.ts); unset ones keep DEFAULT_UPSTREAM_LIMITS. */
  GATEWAY_UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  GATEWAY_UPSTREAM_BODY_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  GATEWAY_UPSTREAM_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).optional(),
  /** Where the built front ends are (frontends/<area>/dist under it). */
  FRONTENDS_DIR: z.string().optional(),
  /** Serve the front ends (off for API-only test servers). */
  SERVE_FRONTENDS: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
});

export type GatewayConfig = z.infer<typeof ZGatewayConfig>;

/** The configured upstream limits (those left unset keep their defaults). */
export function upstreamLimitsOf(config: Partial<GatewayConfig>): Partial<UpstreamLimits> {
  const limits: Partial<UpstreamLimits> = {};
  if (config.GATEWAY_UPSTREAM_CONNECT_TIMEOUT_MS !== undefined) limits.connectTimeoutMs = config.GATEWAY_UPSTREAM_CONNECT_TIMEOUT_MS;
  if (config.GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS !== undefined) limits.headersTimeoutMs = config.GATEWAY_UPSTREAM_HEADERS_TIMEOUT_MS;
  if (config.GATEWAY_UPSTREAM_BODY_TIMEOUT_MS !== undefined) limits.bodyTimeoutMs = config.GATEWAY_UPSTREAM_BODY_TIMEOUT_MS;
  if (config.GATEWAY_UPSTREAM_MAX_RESPONSE_BYTES !== undefined) limits.maxResponseBytes = config.GATEWAY_UPSTREAM_MAX_RESPONSE_BYTES;
  return limits;
}

/** Fastify's trustProxy: off, a number of proxies in front, or the proxies' addresses and ranges. */
export type TrustedProxies = false | number | string[];

/**
 * What Fastify is given: a number becomes "the n hops nearest the gateway", since Fastify itself
 * trusts no hop for a bare number (it cannot tell the peer is a proxy; with a number, the operator
 * says the gateway is reachable only through them).
 */
export function fastifyTrustProxy(trusted: TrustedProxies): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted;
}

function trustedProxiesOf(value: string | undefined): TrustedProxies | undefined {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return 1;
  if (/^[1-9]\d?$/.test(text)) return Number(text);
  const ranges = text.split(',').map((part) => part.trim());
  const valid = ranges.every((range) => {
    const [address, bits, ...rest] = range.split('/');
    const family = isIP(address ?? '');
    if (family === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  });
  return valid ? ranges : undefined;
}

export { ZPlatformConfig };
