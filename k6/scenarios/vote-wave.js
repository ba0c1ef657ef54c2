// @ts-check
// A vote wave on one hot priority (setup() picks it). Each citizen always casts the same vote (about
// 70% endorse): the first is counted, a repetition answers unchanged. Switching or taking a vote back
// within vote_change_cooldown_hours (24 by default) is refused with a 429 by the platform's rules, so
// a wave is made of first votes, as a real one is.
import { send } from '../lib/api.js';
import { anyCitizen } from '../lib/sessions.js';

/** @param {{ hotPriorityId: string }} data */
export function voteWave(data) {
  const citizen = anyCitizen();
  const voteType = Number.parseInt(citizen.userId.slice(-1), 16) < 11 ? 'endorse' : 'oppose';
  send('POST', `/api/priorities/${data.hotPriorityId}/vote`, { name: 'POST /api/priorities/{id}/vote', citizen }, { voteType });
}
