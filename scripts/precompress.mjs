#!/usr/bin/env node
// Writes `.br` (brotli, max quality) and `.gz` (gzip level 9) beside every compressible file of a
// build folder, so the api can serve pre-compressed assets without compressing per request.
// Usage: node scripts/precompress.mjs <dir>
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, extname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

// woff2, images and the like are already compressed: compressing again only wastes bytes.
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest']);
// Below this size the compressed file plus its headers is no smaller than the original.
const MIN_BYTES = 256;

/**
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** @param {string} path */
async function compressFile(path) {
  const source = await readFile(path);
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller is useless to serve.
  let written = 0;
  if (br.length < source.length) {
    await writeFile(`${path}.br`, br);
    written++;
  }
  if (gzipped.length < source.length) {
    await writeFile(`${path}.gz`, gzipped);
    written++;
  }
  return { source: source.length, br: br.length, gz: gzipped.length, written };
}

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: node scripts/precompress.mjs <dir>');
    process.exit(2);
  }
  const dir = resolve(arg);
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory`);
    process.exit(2);
  }
  let files = 0;
  let before = 0;
  let afterBr = 0;
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const { size } = await stat(path);
    if (size < MIN_BYTES) continue;
    const result = await compressFile(path);
    files++;
    before += result.source;
    afterBr += result.br;
  }
  const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`precompress: ${files} files, ${kb(before)} → ${kb(afterBr)} brotli`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
