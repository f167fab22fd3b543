import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The `engine` tag (decision 0049): a test whose result can depend on the database engine also
 * runs on PostgreSQL. A whole file says so on its first line, `// @module-tag engine: <why>` (Vitest
 * reads `@module-tag` lines); one test or describe by its options, `{ tags: ['engine'] }`.
 */
export const FILE_TAG = /^\s*(?:\/\/|\*)\s*@module-tag engine\b/m;
export const TEST_TAG = /tags: \[[^\]]*'engine'/;

/** The api test files under `apiSource` (paths relative to it) that hold an `engine` test. */
export function engineTestFiles(apiSource: string): string[] {
  return readdirSync(apiSource, { recursive: true, encoding: 'utf8' }).filter((file) => {
    if (!file.endsWith('.test.ts')) return false;
    const text = readFileSync(join(apiSource, file), 'utf8');
    return FILE_TAG.test(text) || TEST_TAG.test(text);
  });
}
