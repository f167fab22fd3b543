#!/usr/bin/env node
// `npm start` runs this first: it builds the shop (`npm run build`) only when the build is missing
// or a file it is made from has changed since the last build. "Changed" is by content (a SHA-256 of
// every source file, its path included), not by date: a checkout or a copy that keeps old dates
// cannot fool it, and touching a file without changing it does not rebuild.
//
//   node scripts/build-if-changed.mjs           build if needed (what `npm start` does)
//   node scripts/build-if-changed.mjs --stamp   only record the sources as built (`npm run build` ends with it)
//   node scripts/build-if-changed.mjs --check   exit 1 when a build is needed, build nothing
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the build reads: the three workspaces' sources, their configs and the lock file. */
const SOURCES = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'contract/package.json',
  'contract/src',
  'api/package.json',
  'api/build.mjs',
  'api/src',
  'web/package.json',
  'web/index.html',
  'web/vite.config.ts',
  'web/public',
  'web/src',
  'scripts/precompress.mjs',
];
/** Tests are not part of the build. */
const IGNORED = /\.test\.tsx?$|(^|\/)test\//;
/** What `npm run build` makes; a build with any of them missing is no build. */
const OUTPUTS = [
  'api/dist/main.js',
  'api/dist/admin-password.js',
  'web/dist/index.html',
  'web/dist/.vite/manifest.json',
  'web/dist-server/entry-server.js',
];
export const STAMP = join(root, 'node_modules/.cache/atelier-noir/build-stamp.json');

/**
 * The files of a source entry (a file, or every file under a folder), by path from the root.
 * @param {string} path
 * @returns {string[]}
 */
function filesOf(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !IGNORED.test(file));
}

/** One hash of every source file's path and content. */
export function sourceHash() {
  const hash = createHash('sha256');
  const all = SOURCES.flatMap(filesOf).sort();
  for (const file of all) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return { digest: hash.digest('hex'), count: all.length };
}

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return null;
  }
}

/** @param {string} digest */
function writeStamp(digest) {
  mkdirSync(dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, `${JSON.stringify({ sources: digest, builtAt: new Date().toISOString() }, null, 2)}\n`);
}

/**
 * Why a build is needed, or null when the last one is current.
 * @param {string} digest
 */
function staleReason(digest) {
  const missing = OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  const stamp = readStamp();
  if (!stamp) return 'no build has been recorded';
  if (stamp.sources !== digest) return 'sources changed since the last build';
  return null;
}

function main() {
  const mode = process.argv[2];
  const { digest, count } = sourceHash();
  if (mode === '--stamp') {
    writeStamp(digest);
    return;
  }
  const reason = staleReason(digest);
  if (mode === '--check') {
    console.log(reason ? `build needed: ${reason}` : `build is up to date (${count} source files)`);
    process.exitCode = reason ? 1 : 0;
    return;
  }
  if (!reason) {
    console.log(`Build is up to date (${count} source files unchanged since ${readStamp()?.builtAt}); not rebuilding.`);
    return;
  }
  console.log(`Building: ${reason}.`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // What was read before the build (`npm run build` stamped what it found after it): a file saved
  // while it ran makes the next start build again.
  writeStamp(digest);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
