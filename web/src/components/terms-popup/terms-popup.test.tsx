import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@shop/contract';
import { renderWithRouter } from '../../test/render';
import { TermsPopup } from './terms-popup';

describe('TermsPopup', () => {
  it('is a labelled modal dialog whose Submit needs the checkbox', async () => {
    renderWithRouter(<TermsPopup />);
    const dialog = screen.getByRole('dialog', { name: 'Before you step in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('link', { name: 'Read the terms and conditions' })).toHaveAttribute('href', '/terms');

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    expect(submit).toBeEnabled();
  });

  it('stores the acceptance and disappears on Submit', async () => {
    renderWithRouter(<TermsPopup />);
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(localStorage.getItem(STORAGE_KEYS.acceptedTerms)).toBe('true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays hidden once accepted', () => {
    localStorage.setItem(STORAGE_KEYS.acceptedTerms, 'true');
    renderWithRouter(<TermsPopup />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is hidden on /terms', () => {
    renderWithRouter(<TermsPopup />, { path: '/terms' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps keyboard focus inside the dialog', async () => {
    renderWithRouter(<TermsPopup />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 5; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
