// Which run profiles the integration suite covers here. Embedded always; distributed when
// PostgreSQL, NATS and Redis answer. With CI=true the distributed profile is required: an
// unreachable service is a failure, not a skip (DESIGN.md section 2).
import { reachable } from '@civic/service-kit/testing';

export const LOCAL_INFRA = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
  NATS_URL: process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export type Profile = 'embedded' | 'distributed';

export interface ProfilePlan {
  profile: Profile;
  /** Why the profile is skipped, or false when it runs. */
  skip: string | false;
}

let plan: Promise<ProfilePlan[]> | undefined;

export function profilePlan(): Promise<ProfilePlan[]> {
  return (plan ??= (async () => {
    const missing: string[] = [];
    if (!(await reachable(LOCAL_INFRA.DATABASE_URL, 5432))) missing.push(`PostgreSQL (${LOCAL_INFRA.DATABASE_URL})`);
    if (!(await reachable(LOCAL_INFRA.NATS_URL, 4222))) missing.push(`NATS (${LOCAL_INFRA.NATS_URL})`);
    if (!(await reachable(LOCAL_INFRA.REDIS_URL, 6379))) missing.push(`Redis (${LOCAL_INFRA.REDIS_URL})`);
    if (missing.length && process.env.CI === 'true') {
      throw new Error(`CI=true requires the distributed profile, but these are unreachable: ${missing.join(', ')}`);
    }
    return [
      { profile: 'embedded', skip: false },
      { profile: 'distributed', skip: missing.length ? `distributed profile skipped: unreachable ${missing.join(', ')}` : false },
    ];
  })());
}
