// Remote URLs are runtime configuration (served by the gateway at /mf/remotes.json),
// so a micro-frontend can be deployed elsewhere without rebuilding the shell.
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_CONTAINERS, type RemoteName } from './remote-names.ts';

export const REMOTES_CONFIG_PATH = '/mf/remotes.json';

type RemoteUrls = Record<RemoteName, string>;

function parseRemoteUrls(body: unknown): RemoteUrls {
  const urls = {} as RemoteUrls;
  for (const name of Object.keys(REMOTE_CONTAINERS) as RemoteName[]) {
    const url = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
    if (typeof url !== 'string' || !url) throw new Error(`${REMOTES_CONFIG_PATH} has no URL for "${name}"`);
    urls[name] = url;
  }
  return urls;
}

export async function registerRemoteUrls(): Promise<void> {
  const response = await fetch(REMOTES_CONFIG_PATH, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_PATH}: ${response.status} ${response.statusText}`);
  const urls = parseRemoteUrls(await response.json());
  registerRemotes((Object.keys(urls) as RemoteName[]).map((name) => ({ name: REMOTE_CONTAINERS[name], entry: urls[name] })));
}
