import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fit } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { SizeFit } from './size-fit';

const FIT: Fit = {
  type: 'regular',
  note: { en: 'Sits at the hip.', bg: 'Стига до ханша.' },
  modelHeightCm: 183,
  modelSize: 'M',
  measurements: [
    { size: 'S', chestCm: 102, lengthCm: 66 },
    { size: 'M', chestCm: 108, lengthCm: 68 },
    { size: 'L', chestCm: 114, lengthCm: 70 },
  ],
};

describe('SizeFit', () => {
  it('shows the fit, the model, the garment’s measurements as a table with a caption, and the style code', () => {
    render(<SizeFit product={{ styleCode: 'AN-JKT-014', fit: FIT }} />);
    const section = screen.getByRole('region', { name: 'Size & fit' });
    expect(within(section).getByText('Regular fit')).toBeInTheDocument();
    expect(within(section).getByText(/Sits at the hip\./)).toBeInTheDocument();
    expect(within(section).getByText('The model is 183 cm and wears M')).toBeInTheDocument();
    expect(within(section).getByText('Style code AN-JKT-014')).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Garment measurements in centimetres for each size' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Size', 'Chest', 'Length']);
    const m = within(table).getByRole('row', { name: /^M / });
    expect(
      within(m)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['108', '68']);
  });

  it('shows nothing for a product without size and fit', () => {
    const { container } = render(<SizeFit product={{ styleCode: null, fit: null }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('finds my size from the table, or says honestly that it cannot tell', async () => {
    render(<SizeFit product={{ styleCode: 'AN-JKT-014', fit: FIT }} />);
    const form = screen.getByRole('form', { name: 'Find my size' });
    await userEvent.type(within(form).getByLabelText('Height, cm'), '180');
    await userEvent.type(within(form).getByLabelText('Chest, cm'), '96');
    await userEvent.click(within(form).getByRole('button', { name: 'Find my size' }));
    expect(within(form).getByRole('status')).toHaveTextContent('We suggest M');

    await userEvent.clear(within(form).getByLabelText('Chest, cm'));
    await userEvent.type(within(form).getByLabelText('Chest, cm'), '130');
    await userEvent.click(within(form).getByRole('button', { name: 'Find my size' }));
    expect(within(form).getByRole('status')).toHaveTextContent(
      "We can't tell from this table. Even the largest size would be tight on you.",
    );

    // The table has no waist: a waist alone cannot tell.
    await userEvent.clear(within(form).getByLabelText('Chest, cm'));
    await userEvent.type(within(form).getByLabelText('Waist, cm'), '80');
    await userEvent.click(within(form).getByRole('button', { name: 'Find my size' }));
    expect(within(form).getByRole('status')).toHaveTextContent("We can't tell from this table.");
  });

  it('suggests the nearer size between two, with which way it runs, in both languages (issue 45)', async () => {
    const apart: Fit = {
      type: 'regular',
      measurements: [
        { size: 'S', chestCm: 86 },
        { size: 'M', chestCm: 100 },
        { size: 'L', chestCm: 114 },
      ],
    };
    render(<SizeFit product={{ styleCode: null, fit: apart }} />);
    const form = screen.getByRole('form', { name: 'Find my size' });
    await userEvent.type(within(form).getByLabelText('Height, cm'), '178');
    await userEvent.type(within(form).getByLabelText('Chest, cm'), '94');
    await userEvent.click(within(form).getByRole('button', { name: 'Find my size' }));
    expect(within(form).getByRole('status')).toHaveTextContent(
      'We suggest M You are between M and L: M fits closer, a little snug. Take L for a looser fit.',
    );
    await i18n.changeLanguage('bg');
    try {
      await userEvent.click(within(form).getByRole('button', { name: 'Намери моя размер' }));
      expect(within(form).getByRole('status')).toHaveTextContent(
        'Вие сте между M и L: M е по-близкият, леко по-прилепнал.',
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('names what is missing beside the field', async () => {
    render(<SizeFit product={{ styleCode: null, fit: FIT }} />);
    const form = screen.getByRole('form', { name: 'Find my size' });
    await userEvent.click(within(form).getByRole('button', { name: 'Find my size' }));
    expect(within(form).getByLabelText('Height, cm')).toHaveAccessibleDescription(
      'Give your height from 120 to 220 cm.',
    );
    expect(within(form).getByLabelText('Chest, cm')).toHaveAccessibleDescription(
      'Give your chest (60 to 160 cm) or your waist.',
    );
    expect(within(form).getByRole('status')).toBeEmptyDOMElement();
  });

  it('speaks Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    render(<SizeFit product={{ styleCode: 'AN-JKT-014', fit: FIT }} />);
    expect(screen.getByRole('region', { name: 'Размер и кройка' })).toBeInTheDocument();
    expect(screen.getByText('Стандартна кройка')).toBeInTheDocument();
    expect(screen.getByText(/Стига до ханша\./)).toBeInTheDocument();
    expect(screen.getByText('Моделът е висок 183 см и носи M')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Намери моя размер' });
    await userEvent.type(within(form).getByLabelText('Ръст, см'), '170');
    await userEvent.type(within(form).getByLabelText('Гръдна обиколка, см'), '90');
    await userEvent.click(within(form).getByRole('button', { name: 'Намери моя размер' }));
    expect(within(form).getByRole('status')).toHaveTextContent('Предлагаме S');
  });
});

describe('SizeFit on a narrow screen', () => {
  it('says the table goes on sideways, and lets a keyboard scroll it, only when it is cut', async () => {
    const width = (scroll: number) => {
      Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scroll });
      Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 320 });
    };
    try {
      width(320);
      const { unmount } = render(<SizeFit product={{ styleCode: 'AN-JKT-014', fit: FIT }} />);
      expect(screen.queryByText('Swipe the table sideways to see every measurement.')).toBeNull();
      unmount();
      width(560);
      render(<SizeFit product={{ styleCode: 'AN-JKT-014', fit: FIT }} />);
      const scroller = await screen.findByRole('region', { name: 'Garment measurements in centimetres for each size' });
      expect(scroller).toHaveAttribute('tabindex', '0');
      expect(scroller).toHaveAccessibleDescription('Swipe the table sideways to see every measurement.');
    } finally {
      // Back to jsdom's own (the prototype's getters of Element).
      Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
      Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    }
  });
});
