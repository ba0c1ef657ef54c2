// @ts-check
// A vote wave on one hot priority (setup() picks it): endorse or oppose, and now and then a vote
// taken back, as the list's buttons do (spec 4).
import { send } from '../lib/api.js';
import { anyCitizen } from '../lib/sessions.js';

/** @param {{ hotPriorityId: string }} data */
export function voteWave(data) {
  const citizen = anyCitizen();
  const path = `/api/priorities/${data.hotPriorityId}/vote`;
  if (Math.random() < 0.1) {
    send('DELETE', path, { name: 'DELETE /api/priorities/{id}/vote', citizen });
    return;
  }
  send('POST', path, { name: 'POST /api/priorities/{id}/vote', citizen }, { voteType: Math.random() < 0.7 ? 'endorse' : 'oppose' });
}
