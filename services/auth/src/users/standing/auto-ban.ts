// civic.admin.user.auto_ban_requested: the distinct citizens reporting a user's content reached
// auto_ban_threshold. Auth bans the user in the consumer's transaction, unless they are an
// administrator (never banned automatically) or banned already, erased or superseded (nothing to do).
// The kit's inbox makes a redelivery a no-op; the row lock and the 'unchanged' rule make two requests
// for one user one ban. The sessions are revoked before the commit (apply-standing-change.ts), and a
// sign-in racing the ban re-reads the row after writing its session (sessions.ts).
import type { adminEvents, EventPayload } from '@civic/contracts';
import type { SessionStore } from '@civic/service-kit';
import type { SqlDriver } from '@civic/service-kit/db';
import { applyStandingChange } from './apply-standing-change.ts';

export async function applyAutoBan(tx: SqlDriver, sessions: SessionStore, p: EventPayload<typeof adminEvents.AutoBanRequested>, now: Date): Promise<void> {
  const [row] = await tx.query<{ is_admin: boolean }>('SELECT is_admin FROM auth.users WHERE id = $1::uuid', [p.userId]);
  // Checked here too so an administrator's row is not even locked; the rules would refuse it anyway.
  if (!row || row.is_admin) return;
  await applyStandingChange(
    tx,
    sessions,
    { userId: p.userId, change: 'ban_user', adminId: null, automatic: { reportCount: p.reportCount, threshold: p.threshold } },
    now,
  );
}
