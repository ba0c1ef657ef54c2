// The counts of the Settings screen's "Data & Storage" section (spec 3 "Account stats"). Each count
// belongs to the service that owns the data (contracts' ACCOUNT_COUNT_OWNERS): all are asked at once,
// and a count whose service does not exist yet is 0. A service that does not answer makes the call a
// 503 rather than a wrong 0.
import { ACCOUNT_COUNT_REQUESTS, ACCOUNT_COUNT_SERVICES, type TAccountStats } from '@civic/contracts';
import type { Identity } from '@civic/service-kit';
import type { AccountContext } from '../context.ts';

const NOTHING_YET: TAccountStats = {
  prioritiesCount: 0,
  briefingDocsCount: 0,
  activitiesCount: 0,
  votesCount: 0,
  followersCount: 0,
  followingCount: 0,
};

export async function countAccountData(ctx: AccountContext, identity: Identity): Promise<TAccountStats> {
  const parts = await Promise.all(
    ACCOUNT_COUNT_SERVICES.map((service) => ctx.platform.requests.request(ACCOUNT_COUNT_REQUESTS[service], {}, { caller: 'account', identity })),
  );
  return Object.assign({ ...NOTHING_YET }, ...parts);
}
