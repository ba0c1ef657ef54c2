// @ts-check
// setup(): the hot priority the vote wave and the promotion storm aim at: the top of the ranking, or,
// on an empty platform, one the first seeded citizen creates.
import { fail } from 'k6';
import { jsonOf, send } from './api.js';
import { citizens } from './sessions.js';

export function findHotPriority() {
  const citizen = citizens[0];
  if (!citizen) fail('No signed-in citizens: run `npm run k6:seed-sessions` and pass K6_SESSIONS_FILE (k6/README.md)');
  const listed = jsonOf(send('GET', '/api/priorities?limit=1', { name: 'GET /api/priorities', citizen }));
  const top = listed && Array.isArray(listed.priorities) ? listed.priorities[0] : Array.isArray(listed) ? listed[0] : undefined;
  if (top && top.id) return String(top.id);
  const created = jsonOf(
    send(
      'POST',
      '/api/priorities',
      { name: 'POST /api/priorities', citizen, expect: [200, 201] },
      {
        title: 'Fix the roads and bridges in every state',
        description: 'A priority for the load test to vote on and promote: roads, bridges and water systems repaired on a schedule.',
      },
    ),
  );
  if (!created || !created.id) fail('setup: could not create the hot priority');
  return String(created.id);
}
