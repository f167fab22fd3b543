import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const TABS = [
  { name: 'users', label: 'Users' },
  { name: 'products', label: 'Products' },
  { name: 'orders', label: 'Orders' },
] as const;
type Name = (typeof TABS)[number]['name'];

function Harness() {
  const [selected, setSelected] = useState<Name>('users');
  return (
    <Tabs label="Sections" tabs={TABS} selected={selected} onSelect={setSelected} title={`${selected} title`}>
      <p>{selected} panel</p>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows the selected tab’s panel, labelled by its tab', async () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    expect(tab('Users')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toHaveTextContent('users panel');
    expect(screen.getByRole('heading', { level: 2, name: 'users title' })).toBeInTheDocument();

    await userEvent.click(tab('Products'));
    expect(tab('Products')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Users')).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Products' })).toHaveTextContent('products panel');
  });

  it('moves between tabs with the arrow keys, Home and End, and keeps one tab in the tab order', async () => {
    render(<Harness />);
    await userEvent.tab();
    expect(tab('Users')).toHaveFocus();
    expect(tab('Products')).toHaveAttribute('tabindex', '-1');

    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Products')).toHaveFocus();
    expect(tab('Products')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Products')).toHaveAttribute('tabindex', '0');

    await userEvent.keyboard('{End}');
    expect(tab('Orders')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Users')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Orders')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Users')).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Users' })).toHaveTextContent('users panel');

    // Tab leaves the strip for the panel.
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
