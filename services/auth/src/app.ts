// The auth service: sign-in by e-mailed code or link, sessions, CSRF tokens, the current user.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import { defineService, loadNamedSecret, parseKeyRing } from '@civic/service-kit';
import { ZAuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import { eraseUser } from './data-rights/erase-user.ts';
import { exportAuthSection } from './data-rights/export-auth-section.ts';
import { AUTH_SCHEMA, publishingDb } from './events.ts';
import { authHandlers } from './handlers.ts';
import { csrfRoutes } from './routes/csrf-routes.ts';
import { sessionRoutes } from './routes/session-routes.ts';
import { signInRoutes } from './routes/sign-in-routes.ts';
import { knownDeviceKey } from './sign-in/known-device.ts';
import { createSignInMailMetrics } from './sign-in/sign-in-metrics.ts';
import { forgottenErasedAddresses } from './users/erased-addresses.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const authService = defineService({
  name: AUTH_SCHEMA,
  config: ZAuthConfig,
  migrations: MIGRATIONS_DIR,
  publishingDb,
  async context({ db, platform, config }): Promise<AuthContext> {
    // A key ring (docs/key-rotation.md); embedded without the variable, one key generated under DATA_DIR.
    const codeKey = parseKeyRing(await loadNamedSecret(platform.config, 'AUTH_CODE_KEY', config.AUTH_CODE_KEY));
    return { db, platform, codeKey, deviceKey: knownDeviceKey(codeKey), signInMails: createSignInMailMetrics(platform.metrics.meter) };
  },
  async prepare(ctx) {
    const forgotten = await forgottenErasedAddresses(ctx.db, ctx.codeKey);
    if (Object.keys(forgotten).length > 0) {
      ctx.platform.logger.warn(
        { erasedAddressesByKeyId: forgotten },
        'auth.erased_addresses holds addresses erased under AUTH_CODE_KEY key ids no longer in the ring: they are no longer recognized (docs/key-rotation.md)',
      );
    }
  },
  handlers: authHandlers,
  dataRights: (ctx) => ({
    exportSection: (userId) => exportAuthSection(ctx, userId),
    // docs/protocols/account-data.md
    erase: (p, { tx }) => eraseUser(tx, ctx.platform.sessions, ctx.codeKey, p.userId, new Date(p.deletedAt)),
  }),
  async extend(app) {
    // Mounted inside the gateway the cookie parser is already there; alone, the service brings its own.
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  },
  routes: [csrfRoutes, signInRoutes, sessionRoutes],
});
