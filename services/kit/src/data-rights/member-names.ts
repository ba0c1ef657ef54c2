// The read model of citizens' names kept by a service that shows authors (priorities, briefing):
// `<schema>.members`, from auth's registration and account's profile events. Producers are not ordered
// with each other, so each event creates the row if missing and an older update is skipped; writes go
// under the erasure guard, so a deleted account's name never comes back.
import type { accountEvents, EventPayload } from '@civic/contracts';
import type { SqlDriver } from '../db/sql-driver.ts';
import type { ErasureGuard } from './erasure-guard.ts';

export interface MemberNames {
  /** civic.auth.user.registered: the member exists (named once they set a profile). */
  addMember(tx: SqlDriver, userId: string): Promise<void>;
  /** civic.account.profile.updated: the names shown as the member's authorship. */
  applyProfileUpdate(tx: SqlDriver, update: EventPayload<typeof accountEvents.ProfileUpdated>): Promise<void>;
}

export function memberNames(guard: ErasureGuard): MemberNames {
  const table = `${guard.schema}.members`;
  const notDeleted = `NOT ${guard.deletedSql('$1')}`;
  const addSql = `INSERT INTO ${table} (user_id) SELECT $1::uuid WHERE ${notDeleted} ON CONFLICT DO NOTHING`;
  const updateSql = `INSERT INTO ${table} AS m (user_id, first_name, last_name, profile_updated_at)
     SELECT $1::uuid, $2::text, $3::text, $4::timestamptz WHERE ${notDeleted}
     ON CONFLICT (user_id) DO UPDATE SET
       first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, profile_updated_at = EXCLUDED.profile_updated_at
     WHERE m.profile_updated_at IS NULL OR m.profile_updated_at <= EXCLUDED.profile_updated_at`;
  return {
    async addMember(tx, userId) {
      await guard.lockShared(tx, userId);
      await tx.execute(addSql, [userId]);
    },
    async applyProfileUpdate(tx, update) {
      await guard.lockShared(tx, update.userId);
      await tx.execute(updateSql, [update.userId, update.firstName, update.lastName, update.updatedAt]);
    },
  };
}
