// The service kit's public surface: what a service (and the gateway that mounts services) builds on.
// Other entry points, each with one job (package.json "exports"):
// - @civic/service-kit/db         databases: drivers, providers, migrations, the per-user lock;
// - @civic/service-kit/events     the event bus: outbox, consumers, dead letters, stream names;
// - @civic/service-kit/main       a service process's entry (starts telemetry before the app loads);
// - @civic/service-kit/telemetry  OpenTelemetry, imported first by a process that traces;
// - @civic/service-kit/testing    what tests and tools build processes with;
// - @civic/service-kit/version    the release (APP_VERSION), without the rest of the kit (operator commands).
// Nothing else of src/ is reachable from outside the kit: a file that is not exported here may change
// shape freely.
export { defineService, mountService, typed, type ServiceDefinition, type ServiceOptions } from './service.ts';
export type { DataRights, RouteEntry, RoutesOnlyParts, ServiceParts, ServiceWiring } from './service-parts.ts';
export { createPlatform, natsConnectionOptions, type Platform, type PlatformOverrides } from './platform.ts';
export { ConfigError, isSecureOrigin, loadConfig, ZPlatformConfig, type PlatformConfig } from './config.ts';
export { ManualClock, systemClock, type Clock } from './clock.ts';
export { hmacSha256, randomDigits, randomToken, safeEqual, sha256 } from './crypto.ts';
export { loadNamedSecret, loadSecrets, type Secrets } from './secrets.ts';
export {
  asKeyRing,
  DEFAULT_KEY_ID,
  deriveKeyRing,
  keyById,
  keyOfMarked,
  keyRingProblem,
  markWithKeyId,
  parseKeyRing,
  zKeyRing,
  type KeyRing,
  type RingKey,
} from './key-ring.ts';
export { generateIdentityKeyPair, identityKeyPem, publicIdentityRing, publicIdentityRingText, zIdentityKeyRing } from './identity-keys.ts';
export {
  createInProcessSettings,
  ensureSettingsBucket,
  settingOf,
  settingsBucketFor,
  settingsStreamFor,
  type PlatformSettings,
  type PublishedSetting,
} from './settings/index.ts';
export { DependencyUnavailableError, failureKindOf, type FailureKind } from './failure-kind.ts';
// Data rights: the one erasure guard every service holds (its tombstone table, error, check and lock).
export {
  AccountDeleted,
  DELETED_USERS_TABLE,
  erasureGuard,
  lockUser,
  type ErasureGuard,
  type UserLockMode,
} from './data-rights/erasure-guard.ts';
export { memberNames, type MemberNames } from './data-rights/member-names.ts';
export { type ActivityVisibility, type ActorPrivacy, mayNameActor, privateActorSql } from './privacy/name-visibility.ts';

// HTTP: one error vocabulary, the caller's identity and the guards from the contracts, cookies and CSRF.
export { BadRequest, createError, exposeMessage, Forbidden, NotFound, TooManyRequests, Unauthorized, withRetryAt } from './http/errors.ts';
export { ADMIN_REQUIRED_MESSAGE, requireActiveUser, requireAdmin, requireUser } from './http/identity-plugin.ts';
export { adminOriginOf } from './http/admin-origin.ts';
export {
  createIdentitySigner,
  IDENTITY_HEADER,
  IDENTITY_SIGN_OPTIONS,
  identitySignOptions,
  reusingIdentitySigner,
  type Identity,
  type IdentityClaims,
} from './http/internal-identity.ts';
export { cookieNames, cookieOptions, csrfBinding, type CookieNames } from './http/cookies.ts';
export { issueCsrfToken, verifyCsrfToken } from './http/csrf.ts';
export { clientNetworkOf } from './http/client-network.ts';
export { createReadBudget, rowsReadCost, type ReadBudget } from './http/read-budget.ts';
export { BODY_LIMIT_BYTES, createHttpServer, REQUEST_ID_HEADER, type HttpServer } from './http/create-http-server.ts';
export { pathOf } from './http/path-of.ts';
export { registerHealthRoutes, type HealthSource, type ReadinessCheck } from './health/readiness.ts';
export { APP_VERSION } from './version.ts';

// Sessions, requests between services, mail, periodic jobs.
export { SESSION_LIFETIME_MS, type SessionFlags, type SessionRecord, type SessionStore } from './sessions/session-store.ts';
export { MemorySessionStore } from './sessions/memory-session-store.ts';
export { RedisSessionStore } from './sessions/redis-session-store.ts';
export { RequestUnavailable, requestUserOf, SERVICE_IDENTITY, type RequestBus, type RequestHandler, type RequestOptions } from './requests/request-bus.ts';
export type { Mailer, MailMessage } from './mail/mailer.ts';
export { startPeriodicJob, type PeriodicJob } from './jobs/periodic-job.ts';
