// GET and PUT /api/admin/settings (administrators; the kit's 'admin' guard ran first) and
// GET /api/platform-settings (signed-in citizens: the amounts they are shown) and GET /api/registration (anyone).
import { ADMIN_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AdminContext } from '../context.ts';
import { citizenSettings, registrationStatus } from '../settings/citizen-settings.ts';
import { listSettings } from '../settings/list-settings.ts';
import { updateSetting } from '../settings/update-setting.ts';
import { actorOf } from './actor.ts';

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AdminContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.listSettings), { schema: routeSchema(ops.listSettings) }, async (request) => {
    requireUser(request);
    return listSettings(ctx);
  });

  r.put(fastifyPath(ops.updateSetting), { schema: routeSchema(ops.updateSetting) }, async (request) => updateSetting(ctx, actorOf(request), request.body));

  r.get(fastifyPath(ops.citizenSettings), { schema: routeSchema(ops.citizenSettings) }, async (request) => {
    requireUser(request);
    return citizenSettings(ctx);
  });

  // Anyone, signed in or not: the landing page and the sign-in dialog read it before a code is sent.
  r.get(fastifyPath(ops.registrationStatus), { schema: routeSchema(ops.registrationStatus) }, async () => registrationStatus(ctx));
}
