#!/usr/bin/env node
// Fails when web/src/locales/en.json and bg.json do not have exactly the same keys, listing
// every key missing on either side. No dependencies, so CI can run it before installing.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src', 'locales');

/**
 * Flattens nested objects to dotted keys: { a: { b: 'x' } } → ['a.b'].
 * @param {unknown} value
 * @returns {string[]}
 */
function flatKeys(value, prefix = '') {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

const load = (/** @type {string} */ lang) =>
  new Set(flatKeys(JSON.parse(readFileSync(join(localesDir, `${lang}.json`), 'utf8'))));
const en = load('en');
const bg = load('bg');
const missingInBg = [...en].filter((key) => !bg.has(key));
const missingInEn = [...bg].filter((key) => !en.has(key));

for (const key of missingInBg) console.error(`missing in bg.json: ${key}`);
for (const key of missingInEn) console.error(`missing in en.json: ${key}`);
if (missingInBg.length || missingInEn.length) process.exit(1);
console.log(`locales: ${en.size} keys, en and bg match`);
