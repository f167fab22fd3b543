import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import type { Effect, EffectsResponse } from '@shop/contract';
import i18n from '../../../lib/i18n';
import { fakeApi, renderWithApi, signIn, type Answer } from '../../../test/fake-api';
import { FailedEffectsPanel } from './failed-effects-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const LIST = 'GET /api/admin/effects?state=failed';

const effect = (id: number, kind: string, orderId: number | null, lastError: string): Effect => ({
  id,
  kind,
  orderId,
  attempts: 8,
  lastError,
  createdAt: '2026-11-25T09:00:00.000Z',
  runAfter: null,
  failedAt: '2026-11-25T10:30:00.000Z',
  waiting: [],
});

const failing: EffectsResponse = {
  data: [
    effect(12, 'payment.refund', 31, 'Error: the provider answered 503'),
    effect(11, 'mail.order', 30, 'Error: connect ECONNREFUSED 127.0.0.1:587'),
    effect(10, 'report.nightly', null, 'Error: disk full'),
  ],
  total: 3,
};

afterEach(() => {
  vi.clearAllMocks();
});

function renderPanel(routes: Record<string, Answer>, lang = 'en') {
  const sent = fakeApi(routes);
  signIn();
  renderWithApi(<FailedEffectsPanel lang={lang} />);
  return sent;
}

describe('FailedEffectsPanel', () => {
  it('lists each failing task: what it is, its order, the attempts, the last error and when it gave up', async () => {
    renderPanel({ [LIST]: { body: failing } });
    const panel = await screen.findByRole('region', { name: 'Tasks that keep failing' });
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Refund through the payment provider');
    expect(within(rows[0]!).getByRole('link', { name: 'Order #31' })).toHaveAttribute('href', '/admin/orders/31');
    expect(within(rows[0]!).getByText('8 attempts')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Error: the provider answered 503')).toBeInTheDocument();
    expect(within(rows[0]!).getByText(/25 Nov 2026/)).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Order mail');
    // A kind this screen does not know yet is shown as it is; a task of no order links nowhere.
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('report.nightly');
    expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a task still being retried that others wait for: what waits, and when it runs next', async () => {
    const refused: Effect = {
      ...effect(14, 'payment.refund', 32, 'Error: refund refused'),
      attempts: 3,
      failedAt: null,
      runAfter: '2026-11-25T11:05:00.000Z',
      waiting: [
        { id: 15, kind: 'mail.order' },
        { id: 16, kind: 'invoices.credit-note' },
      ],
    };
    renderPanel({ [LIST]: { body: { data: [refused], total: 1 } } });
    const panel = await screen.findByRole('region', { name: 'Tasks that keep failing' });
    const [row] = within(panel).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('rowheader')).toHaveTextContent(
      'Refund through the payment providerWaiting for it: Order mail, Credit note',
    );
    expect(within(row!).getByText(/Still trying; next at 25 Nov 2026/)).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Retry: Refund through the payment provider' })).toBeEnabled();
  });

  it("names the owner's notices (the daily low-stock list has no order)", async () => {
    renderPanel({
      [LIST]: {
        body: {
          data: [
            effect(7, 'mail.owner.low-stock', null, 'Error: connection refused'),
            effect(8, 'mail.owner.order', 31, 'Error: connection refused'),
          ],
          total: 2,
        },
      },
    });
    const panel = await screen.findByRole('region', { name: 'Tasks that keep failing' });
    const rows = within(panel).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Daily low-stock list to the owner');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('New-order notice to the owner');
  });

  it('retries a task through the API and reads the list again', async () => {
    let retried = false;
    const sent = renderPanel({
      [LIST]: () => ({ body: retried ? { data: failing.data.slice(1), total: 2 } : failing }),
      'POST /api/admin/effects/12/retry': () => {
        retried = true;
        return { body: { ...failing.data[0]!, attempts: 0, failedAt: null, runAfter: '2026-11-25T11:00:00.000Z' } };
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry: Refund through the payment provider' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(sent.map((request) => request.key)).toEqual([LIST, 'POST /api/admin/effects/12/retry', LIST]);
    expect(sent[1]!.token).toBe('token-1');
    expect(toast.success).toHaveBeenCalledWith('The task will run again in a moment.');
    expect(screen.queryByText('Refund through the payment provider')).not.toBeInTheDocument();
  });

  it('says so when the task no longer waits for a retry (409)', async () => {
    renderPanel({
      [LIST]: { body: failing },
      'POST /api/admin/effects/11/retry': {
        status: 409,
        body: { error: 'Only a task that failed can be retried: this one is not waiting.', code: 'INVALID_TRANSITION' },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry: Order mail' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('This task no longer waits for a retry. The list is up to date now.'),
    );
  });

  it('says calmly that all tasks ran when nothing is failing', async () => {
    renderPanel({ [LIST]: { body: { data: [], total: 0 } } });
    expect(await screen.findByText('All tasks ran: nothing is failing.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('speaks Bulgarian', async () => {
    await i18n.changeLanguage('bg');
    renderPanel({ [LIST]: { body: failing } }, 'bg');
    const panel = await screen.findByRole('region', { name: 'Задачи, които не успяват' });
    expect(within(panel).getByText('Имейл за поръчка')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Поръчка №31' })).toBeInTheDocument();
    expect(within(panel).getAllByRole('button', { name: /^Опитай отново/ })).toHaveLength(3);
  });
});
