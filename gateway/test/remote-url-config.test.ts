// REMOTE_URL_<AREA>: which micro-frontends the shell loads from elsewhere, and the page's extra script origins.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { remoteScriptOrigins, remoteUrlsFromEnv } from '../src/remote-url-config.ts';
import { contentSecurityPolicy } from '../src/plugins/security-headers.ts';

const AREAS = ['landing', 'settings'] as const;

test('REMOTE_URL_<AREA> overrides that area only; blank values are ignored', () => {
  const urls = remoteUrlsFromEnv({ REMOTE_URL_SETTINGS: ' https://cdn.example.org/settings/remoteEntry.js ', REMOTE_URL_LANDING: '', PATH: '/usr/bin' }, AREAS);
  assert.deepEqual(urls, { settings: 'https://cdn.example.org/settings/remoteEntry.js' });
  assert.deepEqual(remoteUrlsFromEnv({ REMOTE_URL_LANDING: '/mf/landing-next/remoteEntry.js' }, AREAS), {
    landing: '/mf/landing-next/remoteEntry.js',
  });
});

test('an unknown area or a value that is not a URL stops the start', () => {
  assert.throws(() => remoteUrlsFromEnv({ REMOTE_URL_SETTING: '/x.js' }, AREAS), /no micro-frontend is called "setting"/);
  assert.throws(() => remoteUrlsFromEnv({ REMOTE_URL_SETTINGS: 'javascript:alert(1)' }, AREAS), /neither an http\(s\) URL/);
  assert.throws(() => remoteUrlsFromEnv({ REMOTE_URL_SETTINGS: '//cdn.example.org/x.js' }, AREAS), /neither an http\(s\) URL/);
});

test('remotes on other origins join script-src; gateway paths add nothing', () => {
  const origins = remoteScriptOrigins({
    landing: '/mf/landing/remoteEntry.js',
    settings: 'https://cdn.example.org/settings/remoteEntry.js',
    profile: 'https://cdn.example.org/profile/remoteEntry.js',
  });
  assert.deepEqual(origins, ['https://cdn.example.org']);
  assert.match(contentSecurityPolicy(origins), /script-src 'self' https:\/\/cdn\.example\.org;/);
  assert.match(contentSecurityPolicy(), /script-src 'self';/);
});
