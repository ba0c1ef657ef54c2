// GET and PATCH /api/settings: the signed-in user's own settings.
import { ACCOUNT_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireUser } from '@civic/service-kit/http/identity-plugin';
import { typed } from '@civic/service-kit/service';
import type { FastifyInstance } from 'fastify';
import type { AccountContext } from '../context.ts';
import { getSettings } from '../settings/get-settings.ts';
import { updateSettings } from '../settings/update-settings.ts';

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.getSettings), { schema: routeSchema(ops.getSettings) }, async (request) =>
    getSettings(ctx, requireUser(request)),
  );

  r.patch(
    fastifyPath(ops.updateSettings),
    // Signed out is a 401 whatever the body says (the client opens the sign-in dialog on it).
    { schema: routeSchema(ops.updateSettings), preValidation: async (request) => void requireUser(request) },
    async (request) =>
      updateSettings(ctx, requireUser(request), request.body),
  );
}
