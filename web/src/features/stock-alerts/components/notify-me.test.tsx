import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { StockAlert } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { NotifyMe } from './notify-me';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const alert: StockAlert = {
  id: 9,
  productId: 4,
  colorId: 11,
  size: 'XS',
  name: 'Noir Silk Bomber',
  colorName: 'Onyx',
  colorNameBg: '',
  imageUrl: '/files/onyx',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('NotifyMe', () => {
  afterEach(() => vi.clearAllMocks());

  it('sends a guest to log in, and back here afterwards', async () => {
    fakeApi({});
    const { router } = renderWithApi(<NotifyMe productId={4} colorId={11} size="XS" />, { path: '/product/4' });
    await userEvent.click(screen.getByRole('button', { name: "Notify me when it's back" }));
    expect(toast.info).toHaveBeenCalledWith('Log in to be told when this size is back.');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/product/4' } });
  });

  it('asks for one mail when the size is back, then lets the shopper stop waiting', async () => {
    let alerts: StockAlert[] = [];
    const calls = fakeApi({
      'GET /api/stock-alerts?lang=en': () => ({ body: alerts }),
      'POST /api/stock-alerts?lang=en': () => {
        alerts = [alert];
        return { status: 201, body: alert };
      },
      'DELETE /api/stock-alerts/9': () => {
        alerts = [];
        return { status: 204 };
      },
    });
    signIn();
    renderWithApi(<NotifyMe productId={4} colorId={11} size="XS" />);
    await userEvent.click(await screen.findByRole('button', { name: "Notify me when it's back" }));
    expect(await screen.findByText('We will email you when this size is back in this colour.')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('We will email you when this size is back.');
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({ productId: 4, colorId: 11, size: 'XS' });

    await userEvent.click(screen.getByRole('button', { name: 'Stop notifying me' }));
    await waitFor(() => expect(screen.getByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument());
  });
});
