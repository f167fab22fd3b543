import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Translation } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi } from '../../../test/fake-api';
import { SETTINGS } from '../../../test/settings';
import { ProductFacts } from './product-facts';

const translations: Translation[] = [
  { language: 'en', name: 'Tee', description: '', imageUrl: '', composition: '100% cotton', care: '' },
  { language: 'bg', name: 'Тениска', description: '', imageUrl: '', composition: '100% памук', care: 'Пране на 30 °C' },
];

describe('ProductFacts', () => {
  it('shows composition, care and the manufacturer in the reader’s language, leaving out what is empty', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<ProductFacts product={{ translations }} />);
    expect(await screen.findByText(`${SETTINGS.seller.legalName}, ${SETTINGS.seller.address}`)).toBeInTheDocument();
    expect(screen.getByText('100% cotton')).toBeInTheDocument();
    expect(screen.queryByText('Care')).not.toBeInTheDocument();

    await i18n.changeLanguage('bg');
    expect(await screen.findByText('Пране на 30 °C')).toBeInTheDocument();
    expect(screen.getByText('Производител')).toBeInTheDocument();
  });

  it('opens the size guide: a table of body measurements with a caption', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<ProductFacts product={{ translations }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Size guide' }));
    const dialog = screen.getByRole('dialog', { name: 'Size guide' });
    const table = within(dialog).getByRole('table', { name: 'Body measurements in centimetres for each size' });
    expect(within(table).getByRole('columnheader', { name: 'Chest, cm' })).toBeInTheDocument();
    const m = within(table).getByRole('row', { name: /^M / });
    expect(
      within(m)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['94–100', '80–86', '96–102']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ProductFacts: product safety (Regulation (EU) 2023/988 Art. 19)', () => {
  const safety = { en: 'Keep away from open flame.', bg: 'Да се пази от открит огън.' };
  const manufacturer = {
    name: 'Tekstil Plovdiv AD',
    address: 'ul. Industrialna 4, Plovdiv',
    email: 'safety@tekstil.example',
  };

  it('names the seller with its email when the product names no manufacturer, and no safety information when none is set', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<ProductFacts product={{ translations, safety: null, manufacturer: null }} />);
    expect(await screen.findByRole('link', { name: SETTINGS.seller.email })).toHaveAttribute(
      'href',
      `mailto:${SETTINGS.seller.email}`,
    );
    expect(screen.queryByText('Safety information')).not.toBeInTheDocument();
  });

  it('names the product’s own manufacturer with postal and email address, and the safety information in the reader’s language', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<ProductFacts product={{ translations, safety, manufacturer }} />);
    expect(await screen.findByText(`${manufacturer.name}, ${manufacturer.address}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: manufacturer.email })).toHaveAttribute(
      'href',
      `mailto:${manufacturer.email}`,
    );
    expect(screen.queryByText(SETTINGS.seller.legalName, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText(safety.en)).toBeInTheDocument();

    await i18n.changeLanguage('bg');
    expect(await screen.findByText(safety.bg)).toBeInTheDocument();
    expect(screen.getByText('Информация за безопасност')).toBeInTheDocument();
    expect(screen.queryByText(safety.en)).not.toBeInTheDocument();
  });
});

describe('ProductFacts: a manufacturer outside the Union (Art. 19(b), decision 0081)', () => {
  it('names its responsible person in the EU beside it, with postal and email address, in the reader’s language', async () => {
    const responsiblePerson = { name: 'EU Rep OOD', address: 'bul. Vitosha 1, Sofia', email: 'rep@eurep.example' };
    const manufacturer = {
      name: 'Istanbul Tekstil AS',
      address: 'Merter, Istanbul',
      email: 'info@ist.example',
      responsiblePerson,
    };
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    renderWithApi(<ProductFacts product={{ translations, manufacturer }} />);
    expect(await screen.findByText('Istanbul Tekstil AS, Merter, Istanbul')).toBeInTheDocument();
    expect(screen.getByText('EU responsible person')).toBeInTheDocument();
    expect(screen.getByText('EU Rep OOD, bul. Vitosha 1, Sofia')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'rep@eurep.example' })).toHaveAttribute('href', 'mailto:rep@eurep.example');
    await i18n.changeLanguage('bg');
    expect(await screen.findByText('Отговорно лице в ЕС')).toBeInTheDocument();
  });
});

describe('ProductFacts: what of returning it differs (YEAR.md section 2)', () => {
  it('says a final sale keeps the withdrawal, and a hygiene seal ends it once broken, in the reader’s language', async () => {
    fakeApi({ 'GET /api/settings': { body: SETTINGS } });
    const { rerender } = renderWithApi(
      <ProductFacts product={{ translations, finalSale: false, hygieneSealed: false }} />,
    );
    await screen.findByText('Manufacturer');
    expect(screen.queryByText('Returns')).not.toBeInTheDocument();

    rerender(<ProductFacts product={{ translations, finalSale: true, hygieneSealed: true }} />);
    expect(screen.getByText(/Final sale: it cannot be returned at will/)).toBeInTheDocument();
    expect(screen.getByText(/once the seal is broken, the right of withdrawal no longer applies/)).toBeInTheDocument();
    await i18n.changeLanguage('bg');
    expect(
      await screen.findByText(/след нарушаване на печата правото на отказ вече не се прилага/),
    ).toBeInTheDocument();
  });
});
