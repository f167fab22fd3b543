import { describe, expect, it } from 'vitest';
import { framed } from './framed.js';

describe('framed', () => {
  it('draws a box as wide as the longest line, every line padded to it', () => {
    const box = framed(['Sign in with:', 'password  Жълт-7']).split('\n');
    expect(box).toEqual([
      '╔════════════════════╗',
      '║  Sign in with:     ║',
      '║  password  Жълт-7  ║',
      '╚════════════════════╝',
    ]);
  });
});
