import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../lib/i18n';
import { renderWithRouter } from '../test/render';
import NotFoundRoute from './not-found';

describe('not-found page', () => {
  it('says so, without header or footer, and leads back home', async () => {
    const { router } = renderWithRouter(<NotFoundRoute />, {
      path: '/no/such/page',
      routes: [{ path: '/', element: <p>home page</p> }],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(document.title).toBe('Oops! Page Not Found · Atelier Noir');

    await userEvent.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('speaks Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    renderWithRouter(<NotFoundRoute />, { path: '/x' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Опа! Страницата не е намерена');
    expect(document.documentElement.lang).toBe('bg');
  });
});
