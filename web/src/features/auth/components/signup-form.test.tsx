import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithRouter } from '../../../test/render';
import { SignupForm } from './signup-form';

describe('SignupForm', () => {
  it('says how the details are used, linking the privacy notice, before the shopper signs up', () => {
    renderWithRouter(<SignupForm />, { path: '/signup' });
    const link = screen.getByRole('link', { name: 'privacy notice' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link.closest('p')).toHaveTextContent(
      'We use your details to run your account and your orders, as the privacy notice explains.',
    );
  });
});
