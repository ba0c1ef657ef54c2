// Configuration is parsed once at start from the environment, validated with zod, and typed.
// Behaviour branches on these explicit settings, never on NODE_ENV.
import { z } from 'zod';
import { zKeyRing } from './key-ring.ts';
import { zIdentityKeyRing } from './identity-keys.ts';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses `env` with `schema`; the error names every offending variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Settings every process reads; each service adds its own on top. */
export const ZPlatformConfig = z
  .object({
    PROFILE: z.enum(['embedded', 'distributed']).default('embedded'),
    HOST: z.string().min(1).default('localhost'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    /** Where users reach the app; https means cookies are Secure/__Host- and HSTS is sent. */
    PUBLIC_ORIGIN: z.string().url().default('http://localhost:3000'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** A PostgreSQL server URL; each service uses the database `${DATABASE_PREFIX}${service}` on it. */
    DATABASE_URL: optionalUrl,
    /**
     * The role that owns the service's database: it runs the migrations at start,
     * then grants DATABASE_URL's role rows only (runtime-grants.ts). Unset: DATABASE_URL's role does both.
     */
    DATABASE_OWNER_URL: optionalUrl,
    DATABASE_PREFIX: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('civic_'),
    /**
     * Connections a service's PostgreSQL pool may open. The database's max_connections must cover
     * every process's pool; test stacks ask for fewer, as two whole stacks run side by side on one server.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
    NATS_URL: optionalUrl,
    /**
     * This process's NATS user (infra/nats-authorization.ts gives it its permissions); its replies
     * arrive under the inbox prefix _INBOX_<user>, which only it may subscribe to.
     */
    NATS_USER: z
      .string()
      .regex(/^[a-z]+$/, 'must be a service name (lower-case letters)')
      .optional(),
    NATS_PASSWORD: z.string().min(1).optional(),
    /** Prefix of JetStream stream and durable consumer names, so test runs never collide. */
    NATS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_]*$/)
      .default(''),
    REDIS_URL: optionalUrl,
    REDIS_PREFIX: z.string().default('civic:'),
    /**
     * Key rings (key-ring.ts): `key`, or `id:key,id:key,...` with the current key first and the keys
     * still accepted after it (docs/key-rotation.md).
     */
    /**
     * Identity tokens (SECURITY 33, identity-keys.ts): the gateway's private Ed25519 keys, which sign;
     * a service gets only the public ones, which check. Embedded: generated under DATA_DIR.
     */
    IDENTITY_SIGNING_KEY: zIdentityKeyRing('private'),
    IDENTITY_PUBLIC_KEY: zIdentityKeyRing('public'),
    CSRF_SECRET: zKeyRing,
    ADMIN_EMAILS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    // No default when distributed: `file` keeps sign-in codes in clear on disk, so a deployment says
    // which it means (checked below); embedded, a developer's machine, writes files.
    MAIL_TRANSPORT: z.enum(['file', 'smtp']).optional(),
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Civic Agenda <no-reply@civic-agenda.local>'),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    OTEL_ENABLED: booleanFlag,
    /**
     * Serves this process's OpenTelemetry metrics in Prometheus format at /metrics on this port, a
     * port of its own: never on PORT, so a public gateway never answers it. Unset: no metrics.
     */
    METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
    /** Where the metrics port listens: loopback by default; 0.0.0.0 in a container Prometheus scrapes. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  })
  .superRefine((c, ctx) => {
    if (c.PROFILE === 'distributed') {
      for (const key of ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'CSRF_SECRET'] as const) {
        if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PROFILE=distributed' });
      }
      // A service checks with the public keys; the gateway signs with the private ones.
      if (!c.IDENTITY_PUBLIC_KEY && !c.IDENTITY_SIGNING_KEY) {
        ctx.addIssue({ code: 'custom', path: ['IDENTITY_PUBLIC_KEY'], message: 'is required when PROFILE=distributed (the gateway: IDENTITY_SIGNING_KEY)' });
      }
      // The runtime role is DATABASE_URL's user: the owner grants it the rows (runtime-grants.ts).
      if (c.DATABASE_OWNER_URL && c.DATABASE_URL) {
        const runtime = new URL(c.DATABASE_URL).username;
        if (!runtime || runtime === new URL(c.DATABASE_OWNER_URL).username) {
          ctx.addIssue({
            code: 'custom',
            path: ['DATABASE_OWNER_URL'],
            message: "must name another role than DATABASE_URL's, which must name one (the owner migrates, DATABASE_URL's role only reads and writes rows)",
          });
        }
      }
      if (!c.MAIL_TRANSPORT) {
        ctx.addIssue({
          code: 'custom',
          path: ['MAIL_TRANSPORT'],
          message: 'is required when PROFILE=distributed: smtp, or file (sign-in codes written in clear under DATA_DIR/mail; local development only)',
        });
      }
    }
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT (metrics are never served on the public port)' });
    }
    if (Boolean(c.NATS_USER) !== Boolean(c.NATS_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: [c.NATS_USER ? 'NATS_PASSWORD' : 'NATS_USER'], message: 'NATS_USER and NATS_PASSWORD go together' });
    }
    if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'is required when MAIL_TRANSPORT=smtp' });
    }
  })
  .transform((c) => ({ ...c, MAIL_TRANSPORT: c.MAIL_TRANSPORT ?? ('file' as const) }));

export type PlatformConfig = z.infer<typeof ZPlatformConfig>;

/** Local development is plain http on a loopback host: no Secure cookies, no HSTS. */
export function isSecureOrigin(config: Pick<PlatformConfig, 'PUBLIC_ORIGIN'>): boolean {
  return new URL(config.PUBLIC_ORIGIN).protocol === 'https:';
}
