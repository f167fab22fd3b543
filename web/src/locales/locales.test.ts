import { describe, expect, it } from 'vitest';
import en from './en.json';
import bg from './bg.json';

function flatKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('en.json and bg.json have exactly the same keys', () => {
    expect(flatKeys(bg).sort()).toEqual(flatKeys(en).sort());
  });

  it('has no empty strings', () => {
    for (const [name, resource] of Object.entries({ en, bg })) {
      const empty = flatKeys(resource).filter((key) => {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
        return typeof value !== 'string' || value.trim() === '';
      });
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
