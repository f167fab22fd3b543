import { expect, type Page } from '@playwright/test';
import type { translator } from './i18n.js';

/**
 * Picks a courier office or locker in the checkout's picker (TRADE.md section 6): the city from
 * its list, then the words of the office's name or address, then the office itself; answers the
 * picked office's line as the order keeps it ("name, address").
 */
export async function pickOffice(
  page: Page,
  t: ReturnType<typeof translator>,
  { city, words, office }: { city: string; words: string; office: string },
): Promise<void> {
  await page.getByRole('combobox', { name: t('couriers.city') }).selectOption(city);
  await page.getByRole('combobox', { name: t('couriers.office') }).fill(words);
  const list = page.getByRole('listbox', { name: t('couriers.listLabel', { city }) });
  await list.getByRole('option', { name: new RegExp(office) }).click();
  await expect(list).toBeHidden();
  await expect(page.getByText(t('couriers.chosen'))).toBeVisible();
}
