// Front-end files as the gateway sends them (issue 16, front-end weight): the brotli or gzip copy
// written at build time chosen by Accept-Encoding (br > gzip > identity), the logical file's
// Content-Type and Content-Length, `Vary: Accept-Encoding`, immutable caching for content-hashed
// names and revalidation (no-cache + ETag) for index.html and remoteEntry.js. Runs on a small
// fixture build, so it needs neither the real front-end build nor the services.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { after, before, describe, test } from 'node:test';
import { frontendsPlugin, MICRO_FRONTENDS } from '../src/plugins/frontends.ts';
import { IMMUTABLE, REVALIDATE } from '../src/plugins/static-assets.ts';

const SCRIPT = `console.log(${JSON.stringify('civic agenda '.repeat(400))});\n`;
const INDEX_HTML = `<!doctype html><html><head><title>Civic Agenda</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** Writes `file` and, as the build plugin does, its .br and .gz copies. */
async function writeWithCopies(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

describe('front-end assets: precompressed and cached by name', () => {
  let root: string;
  let app: FastifyInstance;

  before(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'civic-static-'));
    await writeWithCopies(path.join(root, 'shell', 'dist', 'index.html'), INDEX_HTML);
    await writeWithCopies(path.join(root, 'shell', 'dist', 'main.1a2b3c4d.js'), SCRIPT);
    // A file the build left uncompressed (too small to gain): sent as it is.
    await writeFile(path.join(root, 'shell', 'dist', 'tiny.5e6f7a8b.js'), 'void 0;\n');
    for (const area of MICRO_FRONTENDS) {
      await writeWithCopies(path.join(root, area, 'dist', 'remoteEntry.js'), SCRIPT);
      await writeWithCopies(path.join(root, area, 'dist', '87.f747eafe.js'), SCRIPT);
    }
    app = Fastify();
    await app.register(frontendsPlugin, { rootDir: root });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  function decoded(response: LightMyRequestResponse): string {
    const encoding = response.headers['content-encoding'];
    if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
    if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
    assert.equal(encoding, undefined, 'no other encoding');
    return response.rawPayload.toString();
  }

  function assertSent(response: LightMyRequestResponse, encoding: 'br' | 'gzip' | undefined, text: string, type: RegExp): void {
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], encoding);
    assert.match(String(response.headers['content-type']), type);
    assert.equal(Number(response.headers['content-length']), response.rawPayload.length, 'Content-Length is the bytes sent');
    assert.match(String(response.headers.vary), /accept-encoding/i);
    assert.equal(decoded(response), text);
  }

  for (const [url, text, type] of [
    ['/main.1a2b3c4d.js', SCRIPT, /^application\/javascript/],
    ['/mf/landing/87.f747eafe.js', SCRIPT, /^application\/javascript/],
    ['/mf/dashboard/remoteEntry.js', SCRIPT, /^application\/javascript/],
    ['/', INDEX_HTML, /^text\/html/],
  ] as const) {
    test(`${url}: brotli first, then gzip, then the file itself`, async () => {
      const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      assertSent(brotli, 'br', text, type);
      const gzip = await get(url, { 'accept-encoding': 'gzip, deflate' });
      assertSent(gzip, 'gzip', text, type);
      assert.ok(brotli.rawPayload.length < gzip.rawPayload.length && gzip.rawPayload.length < Buffer.byteLength(text), 'br < gzip < plain');
      assertSent(await get(url, { 'accept-encoding': 'identity' }), undefined, text, type);
      assertSent(await get(url), undefined, text, type);
      // A client that refuses brotli explicitly gets gzip.
      assertSent(await get(url, { 'accept-encoding': 'br;q=0, gzip' }), 'gzip', text, type);
    });
  }

  test('a page address served by the shell (client-side route) is compressed too', async () => {
    assertSent(await get('/priorities', { accept: 'text/html', 'accept-encoding': 'br' }), 'br', INDEX_HTML, /^text\/html/);
  });

  test('a file with no compressed copy is sent as it is', async () => {
    assertSent(await get('/tiny.5e6f7a8b.js', { 'accept-encoding': 'br, gzip' }), undefined, 'void 0;\n', /^application\/javascript/);
  });

  test('content-hashed files are immutable for a year, whatever the encoding', async () => {
    for (const url of ['/main.1a2b3c4d.js', '/mf/settings/87.f747eafe.js']) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        assert.equal((await get(url, { 'accept-encoding': encoding })).headers['cache-control'], IMMUTABLE, `${url} ${encoding}`);
      }
    }
    assert.equal(IMMUTABLE, 'public, max-age=31536000, immutable');
  });

  test('index.html and remoteEntry.js are revalidated: no-cache, an ETag, and 304 when unchanged', async () => {
    for (const [url, headers] of [
      ['/', { accept: 'text/html' }],
      ['/profile/abc', { accept: 'text/html' }],
      ['/mf/landing/remoteEntry.js', {}],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await get(url, { ...headers, 'accept-encoding': encoding });
        assert.equal(first.headers['cache-control'], REVALIDATE, `${url} ${encoding}`);
        const etag = first.headers.etag;
        assert.ok(typeof etag === 'string' && etag.length > 0, `${url} ${encoding} has an ETag`);
        const again = await get(url, { ...headers, 'accept-encoding': encoding, 'if-none-match': etag });
        assert.equal(again.statusCode, 304, `${url} ${encoding}: unchanged, not sent again`);
        assert.equal(again.rawPayload.length, 0);
      }
    }
    // The encodings are different representations: each has its own ETag.
    const etags = new Set<string>();
    for (const encoding of ['br', 'gzip', 'identity']) {
      etags.add(String((await get('/mf/landing/remoteEntry.js', { 'accept-encoding': encoding })).headers.etag));
    }
    assert.equal(etags.size, 3);
  });

  test('the compressed copies are not addresses of their own on the shell', async () => {
    assert.equal((await get('/main.1a2b3c4d.js.br')).statusCode, 404);
  });
});
