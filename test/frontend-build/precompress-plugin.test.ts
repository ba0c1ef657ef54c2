// The build writes a brotli and a gzip copy next to each text asset worth compressing
// (frontends/build/precompress-plugin.mjs), which the gateway then sends as they are.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import webpack, { type Configuration, type Stats, type WebpackPluginInstance } from 'webpack';

const PLUGIN = new URL('../../frontends/build/precompress-plugin.mjs', import.meta.url).href;

function compile(config: Configuration): Promise<Stats> {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || !stats) reject(error ?? new Error('no stats'));
      else if (stats.hasErrors()) reject(new Error(stats.toString('errors-only')));
      else resolve(stats);
    });
  });
}

test('big text assets get .br and .gz copies that decode to the asset; small ones get none', async () => {
  const { PrecompressPlugin } = (await import(PLUGIN)) as { PrecompressPlugin: new () => WebpackPluginInstance };
  const dir = await mkdtemp(path.join(tmpdir(), 'civic-precompress-'));
  try {
    const words = Array.from({ length: 300 }, (_, i) => `"priority number ${i} for the civic agenda"`).join(',\n');
    await writeFile(path.join(dir, 'big.js'), `export const words = [${words}];\nconsole.log(words.join(" "));\n`);
    await writeFile(path.join(dir, 'small.js'), 'console.log(1);\n');
    await compile({
      mode: 'production',
      context: dir,
      entry: { big: './big.js', small: './small.js' },
      output: { path: path.join(dir, 'dist'), filename: '[name].[contenthash:8].js' },
      plugins: [new PrecompressPlugin()],
    });
    const files = await readdir(path.join(dir, 'dist'));
    const big = files.find((f) => /^big\.[0-9a-f]{8}\.js$/.test(f));
    const small = files.find((f) => /^small\.[0-9a-f]{8}\.js$/.test(f));
    assert.ok(big && small, `both entries built: ${files.join(', ')}`);
    const original = await readFile(path.join(dir, 'dist', big));
    const br = await readFile(path.join(dir, 'dist', `${big}.br`));
    const gz = await readFile(path.join(dir, 'dist', `${big}.gz`));
    assert.deepEqual(brotliDecompressSync(br), original, 'the .br copy is the asset');
    assert.deepEqual(gunzipSync(gz), original, 'the .gz copy is the asset');
    assert.ok(br.length < gz.length && gz.length < original.length, `br ${br.length} < gzip ${gz.length} < ${original.length}`);
    assert.deepEqual(
      files.filter((f) => f.startsWith(`${small}.`)),
      [],
      'a file under 1 KB is left alone',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
