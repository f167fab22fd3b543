import { describe, expect, it } from 'vitest';
import { stem, stemWords } from './stem.js';

describe('the light stemmer', () => {
  it('meets English plurals, -ing and y/ie with their base form', () => {
    for (const [word, base] of [
      ['hoodies', 'hoodie'],
      ['hoody', 'hoodie'],
      ['jackets', 'jacket'],
      ['dresses', 'dress'],
      ['watches', 'watch'],
      ['boxes', 'box'],
      ['shoes', 'shoe'],
      ['tees', 'tee'],
      ['berries', 'berry'],
      ['clothing', 'cloth'],
    ]) {
      expect(stem(word!), word).toBe(stem(base!));
    }
    // Words too short to lose anything, and endings that are not a plural.
    expect(stem('tie')).toBe('tie');
    expect(stem('bus')).toBe('bus');
    expect(stem('dress')).toBe('dress');
  });

  it('meets Bulgarian plurals, articles and genders with their base form', () => {
    for (const [word, base] of [
      ['якета', 'яке'],
      ['якето', 'яке'],
      ['суитшърти', 'суитшърт'],
      ['суитшъртът', 'суитшърт'],
      ['суитшъртите', 'суитшърт'],
      ['суитшъртове', 'суитшърт'],
      ['тениски', 'тениска'],
      ['тениската', 'тениска'],
      ['ризи', 'риза'],
      ['черни', 'черна'],
      ['черно', 'черна'],
      ['сивия', 'сиви'],
      ['шапката', 'шапка'],
      // An English loan in -и and its plural (issue 45).
      ['худита', 'худи'],
      ['худитата', 'худи'],
      ['черното', 'черна'],
    ]) {
      expect(stem(word!), word).toBe(stem(base!));
    }
    expect(stem('яке')).toBe('яке');
    expect(stem('ям')).toBe('ям');
  });

  it('splits a text into its stemmed words, each once', () => {
    expect(stemWords('t-shirts, якета и t-shirt')).toEqual(['t', 'shirt', 'яке', 'и']);
  });
});
