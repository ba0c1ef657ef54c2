// Writes a brotli (`.br`) and a gzip (`.gz`) copy of each text asset next to it at build time, so
// the gateway sends compressed bytes without compressing per request (gateway/src/plugins/static-assets.ts).
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files the browser downloads as text; licence notes and the compressed copies are left alone. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg)$/;
/** Below this a compressed copy saves less than the headers and a round of decoding cost. */
const MIN_BYTES = 1024;
/** A copy that is not at least this much smaller is not worth a second file. */
const MAX_RATIO = 0.9;

export class PrecompressPlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After minification and after html-webpack-plugin has written index.html.
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async (assets) => {
          const jobs = Object.entries(assets)
            .filter(([name, source]) => COMPRESSIBLE.test(name) && source.size() >= MIN_BYTES)
            .map(async ([name, source]) => {
              const input = Buffer.from(source.buffer());
              const [br, gz] = await Promise.all([
                brotli(input, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: input.length,
                  },
                }),
                gzip(input, { level: zlib.constants.Z_BEST_COMPRESSION }),
              ]);
              for (const [suffix, output] of [
                ['.br', br],
                ['.gz', gz],
              ]) {
                if (output.length <= input.length * MAX_RATIO) {
                  compilation.emitAsset(`${name}${suffix}`, new sources.RawSource(output), { compressed: true });
                }
              }
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}
