import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../test/render';
import { useSearchParamsNow } from './use-search-params-now';

const withParam = (name: string, value: string) => (now: URLSearchParams) => {
  now.set(name, value);
  return now;
};

function Filters() {
  const [params, change] = useSearchParamsNow();
  return (
    <>
      <output>{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          change(withParam('size', 'M'));
          change(withParam('sort', 'price_asc'));
        }}
      >
        Size and sort
      </button>
    </>
  );
}

describe('useSearchParamsNow', () => {
  it('builds a change on one made just before it and not yet rendered, keeping the other parameters', async () => {
    renderWithRouter(<Filters />, { path: '/clothing?color=Onyx' });
    await userEvent.click(screen.getByRole('button', { name: 'Size and sort' }));
    expect(await screen.findByText('color=Onyx&size=M&sort=price_asc')).toBeInTheDocument();
  });
});
