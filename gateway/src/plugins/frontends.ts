// Serves the built front ends: the shell at `/`, each micro-frontend at `/mf/<area>/`,
// the remote URLs the shell loads at start (`/mf/remotes.json`), and the shell's
// index.html for any other page address so client-side routes (and the 404 page) work.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { FRONTEND_AREAS, type FrontendArea } from '@civic/roster';
import { remoteScriptOrigins } from '../remote-url-config.ts';
import { contentSecurityPolicy } from './security-headers.ts';
import { type ExtraHeaders, REVALIDATE, staticAssetOptions } from './static-assets.ts';

/** The areas of the roster (@civic/roster), under the name the gateway has always used. */
export const MICRO_FRONTENDS = FRONTEND_AREAS;
export type MicroFrontendName = FrontendArea;

export interface FrontendsPluginOptions {
  /**
   * Where the builds are: the repository root (`<rootDir>/frontends/<area>/dist`) or the
   * `frontends` folder itself (`<rootDir>/<area>/dist`).
   */
  rootDir: string;
  /**
   * Override where a micro-frontend's remoteEntry.js is loaded from (deployed on its own; from
   * REMOTE_URL_<AREA>). Other origins are added to the page's script-src.
   */
  remoteUrls?: Record<string, string>;
}

const SHELL_INDEX = 'index.html';
const REMOTE_ENTRY = 'remoteEntry.js';

function distDir(rootDir: string, area: string): string {
  const frontendsDir = existsSync(path.join(rootDir, 'frontends', 'shell')) ? path.join(rootDir, 'frontends') : rootDir;
  return path.join(frontendsDir, area, 'dist');
}

function assertBuilt(rootDir: string): void {
  const required = [path.join(distDir(rootDir, 'shell'), SHELL_INDEX), ...MICRO_FRONTENDS.map((area) => path.join(distDir(rootDir, area), REMOTE_ENTRY))];
  const missing = required.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(`The front ends are not built (missing ${missing.join(', ')}). Run \`npm run build:frontends\` before starting the gateway.`);
  }
}

/** The page's CSP on the shell's index.html (its precompressed copies too), when remotes load from elsewhere. */
function pageCspSetter(pageCsp: string | undefined): ExtraHeaders | undefined {
  if (!pageCsp) return undefined;
  return (reply, logicalFileName) => {
    if (logicalFileName === SHELL_INDEX) void reply.header('content-security-policy', pageCsp);
  };
}

function wantsPage(request: FastifyRequest): boolean {
  const url = request.url;
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/mf/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

export function defaultRemoteUrls(): Record<MicroFrontendName, string> {
  return Object.fromEntries(MICRO_FRONTENDS.map((area) => [area, `/mf/${area}/${REMOTE_ENTRY}`])) as Record<MicroFrontendName, string>;
}

async function frontends(app: FastifyInstance, options: FrontendsPluginOptions): Promise<void> {
  assertBuilt(options.rootDir);
  const remoteUrls = { ...defaultRemoteUrls(), ...options.remoteUrls };
  // The page may load scripts from the remotes deployed elsewhere; every other response keeps the strict CSP.
  const scriptOrigins = remoteScriptOrigins(remoteUrls);
  const pageCsp = scriptOrigins.length > 0 ? contentSecurityPolicy(scriptOrigins) : undefined;
  const shellHeaders = pageCspSetter(pageCsp);

  // Encapsulated: @fastify/static's reply decorator stays inside, so the gateway may use its own.
  await app.register(async (scope) => {
    scope.get('/mf/remotes.json', async (_request, reply) => {
      void reply.header('cache-control', REVALIDATE);
      return remoteUrls;
    });

    // Shell files are listed at start (wildcard: false), leaving `/*` to the page fallback below.
    await scope.register(fastifyStatic, {
      root: distDir(options.rootDir, 'shell'),
      prefix: '/',
      wildcard: false,
      ...staticAssetOptions(shellHeaders),
    });

    for (const area of MICRO_FRONTENDS) {
      await scope.register(fastifyStatic, {
        root: distDir(options.rootDir, area),
        prefix: `/mf/${area}/`,
        decorateReply: false,
        ...staticAssetOptions(),
      });
    }

    scope.get('/*', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!wantsPage(request)) return reply.callNotFound();
      void reply.header('cache-control', REVALIDATE);
      if (pageCsp) void reply.header('content-security-policy', pageCsp);
      return reply.sendFile(SHELL_INDEX);
    });
  });
}

export const frontendsPlugin = fp(frontends, { name: 'civic-frontends', fastify: '5.x' });
export default frontendsPlugin;
