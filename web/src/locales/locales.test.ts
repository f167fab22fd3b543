import { describe, expect, it } from 'vitest';
import en from './en.json';
import bg from './bg.json';

/** Every leaf as [path, value]: the path joins the keys with dots (a key may hold a dot itself). */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const flatKeys = (value: unknown): string[] => leaves(value).map(([key]) => key);

describe('locales', () => {
  it('en.json and bg.json have exactly the same keys', () => {
    expect(flatKeys(bg).sort()).toEqual(flatKeys(en).sort());
  });

  it('has no empty strings', () => {
    for (const [name, resource] of Object.entries({ en, bg })) {
      const empty = leaves(resource)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key]) => key);
      expect(empty, name).toEqual([]);
    }
  });

  it('names every category in Bulgarian in Cyrillic (no English name left untranslated)', () => {
    for (const [id, category] of Object.entries(bg.categories)) {
      expect(category.name, id).toMatch(/^[\u0400-\u04FF „“ -]+$/);
      expect(category.name, id).not.toBe(en.categories[id as keyof typeof en.categories].name);
    }
  });
});
