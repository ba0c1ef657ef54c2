// A TEST-ONLY stand-in for auth's side of issue 20, so the admin service's user management is tested
// before auth's real responder exists on this branch: it answers rpc.auth.change_standing per the
// contract (contracts/src/requests/auth.ts) from an in-memory table of accounts, publishes
// civic.auth.user.standing_changed onto the stack's real bus (from an auth outbox, as auth will).
// Accounts join it with `register`, which also publishes civic.auth.user.registered. The stacks still start the real auth (it serves the CSRF token),
// which on this branch does not answer rpc.auth.change_standing (it does answer rpc.auth.user_directory,
// which the rebuild test uses for real). The end-to-end run with the real auth is the lead's.
import {
  ADMIN_MESSAGES as M,
  AUTH_REQUESTS,
  authEvents,
  type TApprovalStatus,
  type EventPayload,
  type TChangeStandingReply,
  type TEventEnvelope,
  type TStandingChange,
} from '@civic/contracts';
import type { Stack } from '../../../../test/support/stack.ts';
import { startTestProducer, type TestProducer } from '../../../../test/support/test-producer.ts';

export interface FakeAccount {
  userId: string;
  email: string;
  registeredAt: string;
  isAdmin: boolean;
  isBanned: boolean;
  approvalStatus: TApprovalStatus;
  standingVersion: number;
}

export interface FakeAuth {
  producer: TestProducer;
  accounts: Map<string, FakeAccount>;
  /** Every civic.auth.user.standing_changed published, oldest first. */
  standingEvents: TEventEnvelope<EventPayload<typeof authEvents.UserStandingChanged>>[];
  /** 'answer' as auth would; 'fail': the responder throws (the caller sees no answer). */
  mode: 'answer' | 'fail';
  register(account: Pick<FakeAccount, 'userId' | 'email'> & Partial<FakeAccount>): Promise<FakeAccount>;
  /** The automatic ban (reports reaching the threshold), as auth will publish it. */
  autoBan(userId: string, reportCount: number, threshold: number): Promise<void>;
}

function apply(account: FakeAccount, change: TStandingChange): boolean {
  const before = JSON.stringify(account);
  if (change === 'grant_admin') account.isAdmin = true;
  if (change === 'revoke_admin') account.isAdmin = false;
  if (change === 'ban_user') account.isBanned = true;
  if (change === 'unban_user') account.isBanned = false;
  if (change === 'approve_user') account.approvalStatus = 'approved';
  if (change === 'reject_user') account.approvalStatus = 'rejected';
  return JSON.stringify(account) !== before;
}

const standingOf = ({ userId, isAdmin, isBanned, approvalStatus, standingVersion }: FakeAccount) => ({
  userId,
  isAdmin,
  isBanned,
  approvalStatus,
  standingVersion,
});

export async function startFakeAuth(stack: Stack): Promise<FakeAuth> {
  const producer = await startTestProducer(stack, 'fake_auth');
  const platform = await stack.adminPlatform();
  const accounts = new Map<string, FakeAccount>();

  const standingEvents: FakeAuth['standingEvents'] = [];
  const publishStanding = async (
    account: FakeAccount,
    change: TStandingChange,
    adminId: string | null,
    extra: { reportCount?: number; threshold?: number } = {},
  ) => {
    const envelope = await producer.publish(authEvents.UserStandingChanged, {
      ...standingOf(account),
      change,
      adminId,
      automatic: adminId === null,
      ...extra,
      changedAt: new Date().toISOString(),
    });
    standingEvents.push(envelope);
  };

  const fake: FakeAuth = {
    producer,
    accounts,
    standingEvents,
    mode: 'answer',
    async register(partial) {
      const account: FakeAccount = {
        registeredAt: new Date().toISOString(),
        isAdmin: false,
        isBanned: false,
        approvalStatus: 'approved',
        standingVersion: 0,
        ...partial,
      };
      accounts.set(account.userId, account);
      await producer.publish(authEvents.UserRegistered, {
        userId: account.userId,
        email: account.email,
        isAdmin: account.isAdmin,
        registeredAt: account.registeredAt,
        ...(account.approvalStatus === 'pending' ? { approvalStatus: 'pending' as const } : {}),
      });
      return account;
    },
    async autoBan(userId, reportCount, threshold) {
      const account = accounts.get(userId)!;
      if (!apply(account, 'ban_user')) return;
      account.standingVersion += 1;
      await publishStanding(account, 'ban_user', null, { reportCount, threshold });
    },
  };

  await platform.requests.respond(AUTH_REQUESTS.changeStanding, async ({ userId, change }, identity): Promise<TChangeStandingReply> => {
    if (fake.mode === 'fail') throw new Error('fake auth is down');
    // Auth's own record decides, not the session's flag (a revoked admin's session may lag).
    if (!identity.userId || !accounts.get(identity.userId)?.isAdmin) return { outcome: 'refused', message: M.accessDenied, standing: null };
    const account = accounts.get(userId);
    if (!account) return { outcome: 'not_found', standing: null };
    const refuse = (message: string): TChangeStandingReply => ({ outcome: 'refused', message, standing: standingOf(account) });
    if (userId === identity.userId)
      return refuse(change === 'ban_user' ? M.cannotBanSelf : change.endsWith('_admin') ? M.cannotChangeOwnAdmin : M.cannotDecideOwn);
    if (change === 'ban_user' && account.isAdmin) return refuse(M.cannotBanAdmin);
    if ((change === 'approve_user' || change === 'reject_user') && account.approvalStatus !== 'pending') {
      const decided = change === 'approve_user' ? 'approved' : 'rejected';
      if (account.approvalStatus !== decided) return refuse(M.notPending);
    }
    if (!apply(account, change)) return { outcome: 'unchanged', standing: standingOf(account) };
    account.standingVersion += 1;
    await publishStanding(account, change, identity.userId);
    return { outcome: 'changed', standing: standingOf(account) };
  });

  return fake;
}
