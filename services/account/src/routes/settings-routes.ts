// GET and PATCH /api/settings: the signed-in user's own settings.
import { ACCOUNT_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from '../context.ts';
import { getSettings } from '../settings/get-settings.ts';
import { updateSettings } from '../settings/update-settings.ts';

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.getSettings), { schema: routeSchema(ops.getSettings) }, async (request) => getSettings(ctx, requireUser(request)));

  r.patch(fastifyPath(ops.updateSettings), { schema: routeSchema(ops.updateSettings) }, async (request) =>
    updateSettings(ctx, requireUser(request), request.body),
  );
}
