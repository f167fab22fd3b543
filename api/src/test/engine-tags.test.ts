import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_TAG, TEST_TAG } from './engine-tag.js';

/**
 * The PostgreSQL pass runs only the tests tagged `engine` (engine-tag.ts, decision 0049). A test
 * that only runs on PostgreSQL, untagged, would run nowhere; a file that looks at the engine it
 * runs on is engine-dependent by its own word.
 */
const root = join(import.meta.dirname, '..');
const testFiles = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/'))
  .map((file) => ({ file, text: readFileSync(join(root, file), 'utf8') }));

describe('the engine tag', () => {
  it('marks every test that runs on PostgreSQL alone', () => {
    const postgresOnly = /\b(?:it|test|describe)\.(?:runIf\([^)]*=== 'postgres'|skipIf\([^)]*=== 'pglite')[^)]*\)\(/g;
    // The tag among the test's own options, right after its title.
    const ownTag = new RegExp(`^\\s*(['"\`])(?:(?!\\1)[^\\\\]|\\\\.)*\\1,\\s*\\{[^}]*${TEST_TAG.source}`);
    const untagged = testFiles
      .filter(({ text }) => !FILE_TAG.test(text))
      .flatMap(({ file, text }) =>
        [...text.matchAll(postgresOnly)]
          .filter((call) => !ownTag.test(text.slice(call.index + call[0].length)))
          .map((call) => `${file}: ${call[0]}`),
      );
    expect(untagged).toEqual([]);
  });

  it('is in every file that asks which engine it runs on', () => {
    const untagged = testFiles
      .filter(({ text }) => /\btestDbKind\b|\bdatabase\.kind\b|\bTEST_DB\b/.test(text))
      .filter(({ text }) => !FILE_TAG.test(text) && !TEST_TAG.test(text))
      .map(({ file }) => file);
    expect(untagged).toEqual([]);
  });
});
