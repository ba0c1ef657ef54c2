// The auth service: sign-in by e-mailed code or link, sessions, CSRF tokens, the current user.
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import { defineService, loadConfig, loadNamedSecret, parseKeyRing } from '@civic/service-kit';
import { registerServiceHandlers } from '@civic/service-kit/events';
import { ZAuthConfig } from './config.ts';
import type { AuthContext } from './context.ts';
import { csrfRoutes } from './routes/csrf-routes.ts';
import { sessionRoutes } from './routes/session-routes.ts';
import { signInRoutes } from './routes/sign-in-routes.ts';
import { knownDeviceKey } from './sign-in/known-device.ts';
import { forgottenErasedAddresses } from './users/erased-addresses.ts';
import { createSignInMailMetrics } from './sign-in/sign-in-metrics.ts';
import { AUTH_SCHEMA, publishingDb } from './events.ts';
import { authHandlers } from './handlers.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../prisma/migrations', import.meta.url));

export const authService = defineService({
  name: AUTH_SCHEMA,
  async plugin(app, { platform }) {
    const config = loadConfig(ZAuthConfig, platform.env);
    const database = await platform.databases.open(AUTH_SCHEMA, MIGRATIONS_DIR);
    // Publishes the outbox events of each transaction once it commits (events.ts).
    const db = publishingDb(database.driver, platform);
    // A key ring (docs/key-rotation.md); embedded without the variable, one key generated under DATA_DIR.
    const codeKey = parseKeyRing(await loadNamedSecret(platform.config, 'AUTH_CODE_KEY', config.AUTH_CODE_KEY));
    const ctx: AuthContext = {
      db,
      platform,
      codeKey,
      deviceKey: knownDeviceKey(codeKey),
      signInMails: createSignInMailMetrics(platform.metrics.meter),
    };
    const forgotten = await forgottenErasedAddresses(database.driver, codeKey);
    if (Object.keys(forgotten).length > 0) {
      platform.logger.warn(
        { erasedAddressesByKeyId: forgotten },
        'auth.erased_addresses holds addresses erased under AUTH_CODE_KEY key ids no longer in the ring: they are no longer recognized (docs/key-rotation.md)',
      );
    }
    const relay = await platform.events.startRelay({ db, schema: AUTH_SCHEMA, service: AUTH_SCHEMA });
    // The bus stops its subscriptions and responders when the platform closes; the durable position is kept.
    await registerServiceHandlers(platform, { schema: AUTH_SCHEMA, db }, authHandlers(ctx));
    app.addHook('onClose', async () => {
      await relay.stop();
    });
    // Mounted inside the gateway the cookie parser is already there; alone, the service brings its own.
    if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
    await app.register(csrfRoutes, { ctx });
    await app.register(signInRoutes, { ctx });
    await app.register(sessionRoutes, { ctx });
  },
});
