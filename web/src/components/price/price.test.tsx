import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18n from '../../lib/i18n';
import { renderWithRouter } from '../../test/render';
import { Price } from './price';

describe('Price', () => {
  it('shows only the price without a sale', () => {
    const { container } = renderWithRouter(<Price price={59} sale={null} lang="en" currency="EUR" />);
    expect(container).toHaveTextContent(/^€59\.00$/);
    expect(container.querySelector('del, s')).toBeNull();
  });

  it('strikes the prior price through, named as the 30-day lowest, and shows the percentage off it', () => {
    const { container } = renderWithRouter(
      <Price price={21} sale={{ priorPrice: 30, percentOff: 30, endsAt: null }} lang="en" currency="EUR" />,
    );
    const prior = container.querySelector('del');
    expect(prior).toHaveTextContent('Lowest price in the 30 days before the sale: €30.00');
    expect(screen.getByText('−30%')).toBeInTheDocument();
    expect(container).toHaveTextContent(/^Sale price: €21\.00/);
  });

  it('names the struck prior price in plain sight where asked (the product page; issue 45)', () => {
    const { container } = renderWithRouter(
      <Price
        price={21}
        sale={{ priorPrice: 30, percentOff: 30, endsAt: null }}
        lang="en"
        currency="EUR"
        explainPrior
      />,
    );
    const label = screen.getByText('Lowest price in the 30 days before the sale:');
    expect(label.closest('.visually-hidden')).toBeNull();
    expect(label.nextElementSibling?.tagName).toBe('DEL');
    expect(container.querySelector('del')).toHaveTextContent(/^€30\.00$/);
    expect(screen.getByText('−30%')).toBeInTheDocument();
  });

  it('announces no reduction when the sale is not below the prior price (percentOff 0)', () => {
    const { container } = renderWithRouter(
      <Price price={30} sale={{ priorPrice: 30, percentOff: 0, endsAt: null }} lang="en" currency="EUR" />,
    );
    expect(container).toHaveTextContent(/^€30\.00$/);
    expect(container.querySelector('del, s')).toBeNull();
    expect(screen.queryByText(/%/)).toBeNull();
  });

  it('speaks Bulgarian, writes the money the Bulgarian way, and says when the sale ends', async () => {
    await i18n.changeLanguage('bg');
    const { container } = renderWithRouter(
      <Price
        price={21}
        sale={{ priorPrice: 30, percentOff: 30, endsAt: '2026-11-30T10:00:00.000Z' }}
        lang="bg"
        currency="EUR"
        showEnd
      />,
    );
    expect(container.querySelector('del')).toHaveTextContent('Най-ниска цена за 30-те дни преди намалението: 30,00 €');
    expect(screen.getByText('−30%')).toBeInTheDocument();
    expect(screen.getByText(/^Намалението е до 30/)).toBeInTheDocument();
  });

  it('writes the words around the price now', () => {
    const { container } = renderWithRouter(
      <Price
        price={21}
        sale={{ priorPrice: 30, percentOff: 30, endsAt: null }}
        lang="en"
        currency="EUR"
        label={(price) => `${price} each`}
      />,
    );
    expect(container).toHaveTextContent(/^Sale price: €21\.00 each/);
  });
});
