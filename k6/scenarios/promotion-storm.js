// @ts-check
// A promotion storm on the hot priority: each promotion is its own (a fresh Idempotency-Key), and
// one refused for want of political capital (409 "Insufficient ...") is an expected answer, counted
// apart from those charged.
import { send } from '../lib/api.js';
import { promotionsApplied, promotionsRefused } from '../lib/metrics.js';
import { anyCitizen } from '../lib/sessions.js';

/** @param {{ hotPriorityId: string }} data */
export function promotionStorm(data) {
  const citizen = anyCitizen();
  const key = `k6-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  const response = send(
    'POST',
    `/api/priorities/${data.hotPriorityId}/promote`,
    { name: 'POST /api/priorities/{id}/promote', citizen, expect: [200, 409], headers: { 'Idempotency-Key': key } },
    {},
  );
  if (response.status === 200) promotionsApplied.add(1);
  if (response.status === 409) promotionsRefused.add(1);
}
