import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CatalogFiltersBar } from './catalog-filters';
import type { CatalogFilters } from '../lib/filters';

const NONE: CatalogFilters = { sizes: [], color: '', min: null, max: null, sort: null };

function renderBar(filters: CatalogFilters = NONE) {
  const onChange = vi.fn();
  render(
    <div id="root">
      <p>
        <a href="/elsewhere">A link of the page</a>
      </p>
      <CatalogFiltersBar filters={filters} colors={[]} count={15} onChange={onChange} />
    </div>,
  );
  return { onChange };
}

describe('CatalogFiltersBar on a phone: the Filters button and its sheet', () => {
  it('opens the filters as a dialog over an inert page, and closes back to the button', async () => {
    const { onChange } = renderBar();
    const opener = screen.getByRole('button', { name: 'Filters' });
    expect(opener).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(opener);
    const sheet = screen.getByRole('dialog', { name: 'Filter and sort' });
    expect(sheet).toHaveFocus();
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('A link of the page').closest('p')).toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');

    await userEvent.click(screen.getByRole('button', { name: 'M' }));
    expect(onChange).toHaveBeenCalledWith({ ...NONE, sizes: ['M'] });

    await userEvent.click(screen.getByRole('button', { name: 'Show 15 pieces' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(screen.getByText('A link of the page').closest('p')).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');

    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('says how many filters are on', () => {
    renderBar({ ...NONE, sizes: ['S', 'M'], color: 'onyx', min: 50 });
    expect(screen.getByRole('button', { name: /Filters/ })).toHaveAccessibleName('Filters 4 filters on');
  });
});
