// @ts-check
// The network page: the feed of the people one follows, and one's followers and following.
import { readAll } from '../lib/api.js';
import { anyCitizen } from '../lib/sessions.js';

export function network() {
  const citizen = anyCitizen();
  readAll([
    ['/api/activities?network=true', { name: 'GET /api/activities?network=true', citizen }],
    [`/api/users/${citizen.userId}/followers`, { name: 'GET /api/users/{id}/followers', citizen }],
    [`/api/users/${citizen.userId}/following`, { name: 'GET /api/users/{id}/following', citizen }],
  ]);
}
