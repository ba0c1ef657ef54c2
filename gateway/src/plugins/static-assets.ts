// How the gateway sends a built front-end file: the brotli or gzip copy written at build time
// (frontends/build/precompress-plugin.mjs) when the browser accepts it, and caching by name.
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply } from 'fastify';

/** Content-hashed names never change content: cache them for a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The entry points keep their names across builds: the browser asks each time (ETag, 304). */
export const REVALIDATE = 'no-cache';

/** Files loaded by a fixed name; every other file of a build carries its content hash. */
const ENTRY_POINTS = new Set(['index.html', 'remoteEntry.js']);
/** Suffixes of the precompressed copies, which @fastify/static sends in place of the file. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;

/** The file a response stands for (`main.1a2b3c4d.js` for `main.1a2b3c4d.js.br`). */
export function logicalName(filePath: string): string {
  return path.basename(filePath).replace(COMPRESSED_SUFFIX, '');
}

export function cacheControlFor(filePath: string): string {
  return ENTRY_POINTS.has(logicalName(filePath)) ? REVALIDATE : IMMUTABLE;
}

/** More headers for a file, given the name it stands for (e.g. the page's CSP on index.html). */
export type ExtraHeaders = (reply: FastifyReply, logicalFileName: string) => void;

/**
 * @fastify/static options shared by every front-end folder. `preCompressed` picks `.br`, then
 * `.gz`, then the file itself from Accept-Encoding, sets Content-Encoding, the logical file's
 * Content-Type and `Vary: Accept-Encoding`; @fastify/send adds Content-Length, ETag and 304s.
 */
export function staticAssetOptions(extraHeaders?: ExtraHeaders) {
  return {
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      void reply.header('cache-control', cacheControlFor(filePath));
      extraHeaders?.(reply, logicalName(filePath));
    },
    // The compressed copies are not pages of their own: they are reached through their file's name.
    globIgnore: ['**/*.br', '**/*.gz'],
  } satisfies Partial<FastifyStaticOptions>;
}
