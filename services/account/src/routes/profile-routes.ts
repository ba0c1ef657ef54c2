// GET and PATCH /api/users/{id}/profile.
import { ACCOUNT_OPERATIONS as ops, fastifyPath, routeSchema } from '@civic/contracts';
import { requireActiveUser, requireUser, typed } from '@civic/service-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountContext } from '../context.ts';
import { NotProfileOwner, UserNotFound } from '../errors.ts';
import { NO_RELATION, readStanding } from '../network/read-profile-network.ts';
import { getProfile } from '../profiles/get-profile.ts';
import { toProfileView } from '../profiles/profile-view.ts';
import { updateProfile } from '../profiles/update-profile.ts';

const ZUserIdParams = z.object({ id: z.string() });

export async function profileRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }) {
  const r = typed(app);

  r.get(fastifyPath(ops.getProfile), { schema: { ...routeSchema(ops.getProfile), params: ZUserIdParams } }, async (request) => {
    const viewerId = requireUser(request);
    const profile = await getProfile(ctx, request.params.id, viewerId);
    if (!profile) throw new UserNotFound();
    return profile;
  });

  r.patch(
    fastifyPath(ops.updateProfile),
    {
      schema: { ...routeSchema(ops.updateProfile), params: ZUserIdParams },
      // Who may edit is decided before the body is validated: a stranger learns nothing from a 400 (the
      // kit's 'active-user' guard has already run: signed out 401, banned 403).
      preValidation: async (request) => {
        const userId = requireActiveUser(request);
        if ((request.params as { id?: string }).id !== userId) throw new NotProfileOwner();
      },
    },
    async (request) => {
      const userId = requireActiveUser(request);
      const profile = await updateProfile(ctx, userId, request.body);
      return toProfileView(profile, userId, 'public', { standing: await readStanding(ctx, userId), relation: NO_RELATION });
    },
  );
}
