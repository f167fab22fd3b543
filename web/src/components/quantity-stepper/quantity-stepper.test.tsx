import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithRouter } from '../../test/render';
import { QuantityStepper } from './quantity-stepper';

function Harness({ initial = 1 }: { initial?: number }) {
  const [value, setValue] = useState(initial);
  return <QuantityStepper value={value} onChange={setValue} />;
}

const field = () => screen.getByRole('textbox', { name: 'Quantity' });

describe('QuantityStepper', () => {
  it('keeps digits only', async () => {
    renderWithRouter(<Harness />);
    await userEvent.clear(field());
    await userEvent.type(field(), '1a2-');
    expect(field()).toHaveValue('12');
  });

  it('clamps typed values to 1..99', async () => {
    renderWithRouter(<Harness />);
    await userEvent.clear(field());
    await userEvent.type(field(), '150');
    expect(field()).toHaveValue('99');
    await userEvent.clear(field());
    await userEvent.type(field(), '0');
    expect(field()).toHaveValue('1');
  });

  it('disables minus at 1 and plus at 99', async () => {
    renderWithRouter(<Harness />);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(field()).toHaveValue('2');
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('shows the maximum message with a contact link at 99', async () => {
    renderWithRouter(<Harness initial={98} />);
    expect(screen.queryByText('Maximum quantity reached!')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(field()).toHaveValue('99');
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(screen.getByText('Maximum quantity reached!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us for bulk orders.' })).toHaveAttribute('href', '/contact-us');
  });

  it('restores the value when the field is left empty', async () => {
    renderWithRouter(<Harness initial={5} />);
    await userEvent.clear(field());
    expect(field()).toHaveValue('');
    await userEvent.tab();
    expect(field()).toHaveValue('5');
  });
});
