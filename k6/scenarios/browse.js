// @ts-check
// Citizens browsing: the dashboard's reads at once (the current user, the first 50 priorities, the
// stats, the activity feed), and one in five a search of the priorities.
import { readAll } from '../lib/api.js';
import { SEARCH_WORDS } from '../lib/config.js';
import { anyCitizen } from '../lib/sessions.js';

export function browse() {
  const citizen = anyCitizen();
  readAll([
    ['/api/auth/user', { name: 'GET /api/auth/user', citizen }],
    ['/api/priorities?limit=50', { name: 'GET /api/priorities', citizen }],
    ['/api/stats', { name: 'GET /api/stats', citizen }],
    ['/api/activities', { name: 'GET /api/activities', citizen }],
  ]);
  if (Math.random() < 0.2) {
    const word = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
    readAll([[`/api/priorities?limit=50&search=${encodeURIComponent(word)}`, { name: 'GET /api/priorities?search', citizen }]]);
  }
}
