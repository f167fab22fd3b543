import { describe, expect, it } from 'vitest';
import { EFFECT_KINDS } from '@shop/contract';
import i18n from '../../../lib/i18n';
import bg from '../../../locales/bg.json';
import en from '../../../locales/en.json';
import { effectLabel } from './effect-kinds';

/** Every kind the API runs (the contract's list, which a test beside the API's handlers keeps whole) has a label. */
describe('effectLabel', () => {
  it.each([
    ['en', en.adminEffects.kinds],
    ['bg', bg.adminEffects.kinds],
  ] as const)('names every kind of effect in %s, each its own label', async (lang, labels) => {
    await i18n.changeLanguage(lang);
    const t = i18n.getFixedT(lang);
    const named = EFFECT_KINDS.map((kind) => effectLabel(kind, t));
    EFFECT_KINDS.forEach((kind, index) => {
      expect(labels, kind).toHaveProperty([kind]);
      expect(named[index], kind).toBe((labels as Record<string, string>)[kind]);
    });
    expect(new Set(named).size).toBe(EFFECT_KINDS.length);
    // No label for a kind the API no longer runs.
    expect(Object.keys(labels).sort()).toEqual([...EFFECT_KINDS].sort());
    await i18n.changeLanguage('en');
  });

  it('reads a kind whose name starts another’s (mail.gift-card, mail.gift-card.purchase), and shows an unknown one as it is', () => {
    const t = i18n.getFixedT('en');
    expect(effectLabel('mail.gift-card', t)).toBe('Gift card to its recipient');
    expect(effectLabel('mail.gift-card.purchase', t)).toBe('Gift card purchase confirmation');
    expect(effectLabel('report.nightly', t)).toBe('report.nightly');
  });
});
