// Events the social service publishes. Declared before social has recruits (a later network issue
// builds them) so that the ledger can credit recruiters already, as it credits briefing documents.
import { z } from 'zod';
import { defineEvent } from './define-event.ts';

/**
 * A citizen recruited by another joined (spec 1 "recruit", 9 "recruit a citizen +10"): the recruiter
 * earns `recruit_user_reward`. Social publishes it once per recruited account, when that account is
 * created; which joins count (e.g. never one's own account, never the same person twice after a
 * deletion) is social's rule, and the ledger credits each event once.
 */
export const RecruitJoined = defineEvent(
  'civic.social.recruit.joined',
  1,
  z.object({
    /** The citizen who recruited and earns the reward. */
    recruiterId: z.string().uuid(),
    /** The citizen who joined. */
    recruitedUserId: z.string().uuid(),
    /** When the recruited account was created (ISO 8601). */
    joinedAt: z.iso.datetime({ offset: true }),
  }),
);

export const SOCIAL_EVENTS = [RecruitJoined] as const;
