import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../config.js';
import { privateDir, tightenTree } from './private-files.js';

const root = mkdtempSync(join(tmpdir(), 'shop-private-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (path: string) => statSync(path).mode & 0o777;

describe('private files', () => {
  it('makes DATA_DIR 0700, and tightens one that exists with looser modes', () => {
    const fresh = join(root, 'fresh', 'data');
    privateDir(fresh);
    expect(mode(fresh)).toBe(0o700);

    const existing = join(root, 'existing');
    mkdirSync(existing);
    chmodSync(existing, 0o755);
    privateDir(existing);
    expect(mode(existing)).toBe(0o700);
  });

  it('refuses, in plain words, a DATA_DIR that belongs to another user or cannot be made', () => {
    const theirs = join(root, 'theirs');
    mkdirSync(theirs, { mode: 0o755 });
    const owner = statSync(theirs).uid;
    const other = owner + 4242;
    expect(() => privateDir(theirs, other)).toThrow(ConfigError);
    expect(() => privateDir(theirs, other)).toThrow(
      `DATA_DIR: ${theirs} belongs to another user (uid ${owner}) and the shop runs as uid ${other}`,
    );
    expect(mode(theirs)).toBe(0o755); // left as it was
    privateDir(theirs, owner); // its owner may
    privateDir(theirs, 0); // and root
    expect(mode(theirs)).toBe(0o700);

    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(() => privateDir(join(file, 'data'))).toThrow(
      /DATA_DIR: .+ cannot be made a folder of this user \(ENOTDIR\)/,
    );
  });

  it('takes group and other permissions off a tree, keeping the owner`s', () => {
    const tree = join(root, 'db');
    mkdirSync(join(tree, 'base'), { recursive: true });
    chmodSync(join(tree, 'base'), 0o755);
    writeFileSync(join(tree, 'base', '1247'), '');
    chmodSync(join(tree, 'base', '1247'), 0o666);
    writeFileSync(join(tree, 'PG_VERSION'), '17');
    chmodSync(join(tree, 'PG_VERSION'), 0o444);
    tightenTree(tree);
    expect([mode(join(tree, 'base')), mode(join(tree, 'base', '1247')), mode(join(tree, 'PG_VERSION'))]).toEqual([
      0o700, 0o600, 0o400,
    ]);
  });
});
