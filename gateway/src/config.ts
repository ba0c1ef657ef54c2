// Gateway settings on top of the platform's: where each service answers when distributed.
import { z } from 'zod';
import { ZPlatformConfig } from '@civic/service-kit/config';

export const ZGatewayConfig = z.object({
  /** Trust X-Forwarded-For from a load balancer in front (per-IP limits then use the client's address). */
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v === 'true'),
  /** Upstream base URLs, distributed profile: SERVICE_URL_AUTH=http://127.0.0.1:3101 ... */
  SERVICE_URL_AUTH: z.string().url().optional(),
  SERVICE_URL_PRIORITIES: z.string().url().optional(),
  SERVICE_URL_LEDGER: z.string().url().optional(),
  SERVICE_URL_BRIEFING: z.string().url().optional(),
  SERVICE_URL_SOCIAL: z.string().url().optional(),
  SERVICE_URL_ACCOUNT: z.string().url().optional(),
  SERVICE_URL_ADMIN: z.string().url().optional(),
  /** Per-client, per-minute request budgets (SECURITY 9, 26). */
  RATE_LIMIT_SIGN_IN_MAIL: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_SIGN_IN_VERIFY: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_WRITE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_READ: z.coerce.number().int().positive().default(1200),
  /** Where the built front ends are (frontends/<area>/dist under it). */
  FRONTENDS_DIR: z.string().optional(),
  /** Serve the front ends (off for API-only test servers). */
  SERVE_FRONTENDS: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
});

export type GatewayConfig = z.infer<typeof ZGatewayConfig>;

export function upstreamUrls(config: GatewayConfig): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [key, value] of Object.entries(config)) {
    if (key.startsWith('SERVICE_URL_') && typeof value === 'string') urls[key.slice('SERVICE_URL_'.length).toLowerCase()] = value;
  }
  return urls;
}

export { ZPlatformConfig };
