// The owner's edit of their profile: the row and the civic.account.profile.updated event commit
// together, so other services' copies of the names cannot miss an edit.
import type { TProfileFields, TUpdateProfileRequest } from '@civic/contracts';
import type { AccountContext } from '../context.ts';
import { emitProfileUpdated, publishCommitted } from '../events.ts';
import { toProfileFields } from './profile-fields.ts';
import { assertNotDeleted } from '../data-rights/deleted-users.ts';

export async function updateProfile(ctx: AccountContext, userId: string, edit: TUpdateProfileRequest): Promise<TProfileFields> {
  const updatedAt = ctx.platform.clock.now();
  // Absent keys are undefined, which Prisma leaves untouched; null unsets a field.
  const data = { ...edit, updatedAt };
  const profile = await ctx.db.$transaction(async (tx) => {
    await assertNotDeleted(tx, userId);
    // Upsert: an edit may arrive before the user.registered event has created the row.
    const row = await tx.profile.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    const fields = toProfileFields(row);
    const { id: _id, ...publicFields } = fields;
    await emitProfileUpdated(tx, { userId, ...publicFields, updatedAt: row.updatedAt.toISOString() });
    return fields;
  });
  publishCommitted(ctx);
  return profile;
}
