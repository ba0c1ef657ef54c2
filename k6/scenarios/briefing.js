// @ts-check
// Briefing-room readers: the tiles and the first page of documents, and one in four a search.
import { readAll } from '../lib/api.js';
import { SEARCH_WORDS } from '../lib/config.js';
import { anyCitizen } from '../lib/sessions.js';

export function briefing() {
  const citizen = anyCitizen();
  readAll([
    ['/api/briefing-docs?limit=50', { name: 'GET /api/briefing-docs', citizen }],
    ['/api/briefing-docs/stats', { name: 'GET /api/briefing-docs/stats', citizen }],
  ]);
  if (Math.random() < 0.25) {
    const word = SEARCH_WORDS[Math.floor(Math.random() * SEARCH_WORDS.length)];
    readAll([[`/api/briefing-docs?limit=50&search=${encodeURIComponent(word)}`, { name: 'GET /api/briefing-docs?search', citizen }]]);
  }
}
