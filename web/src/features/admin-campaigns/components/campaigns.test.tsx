import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Campaign, Product } from '@shop/contract';
import { fakeApi, renderWithApi, signIn } from '../../../test/fake-api';
import { CampaignsScreen } from './campaigns-screen';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn() } }));

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: 1,
  status: 'sending',
  subject: { en: 'The winter sale', bg: 'Зимното намаление' },
  text: { en: 'All of it.', bg: 'Всичко.' },
  products: [],
  audience: { kind: 'language', value: 'bg', size: 1200 },
  scheduledAt: null,
  queuedAt: '2026-11-29T08:00:00.000Z',
  sent: 600,
  failed: 3,
  unsubscribed: 2,
  createdAt: '2026-11-29T07:00:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
  ...overrides,
});
const COAT = { id: 7, name: 'Wool Coat', imageUrl: '/files/coat', published: true } as Product;
const LIST = 'GET /api/admin/campaigns';

afterEach(() => {
  vi.clearAllMocks();
});

describe('CampaignsScreen', () => {
  it('shows each campaign with its audience, its reach and its progress', async () => {
    fakeApi({ [LIST]: { body: { campaigns: [campaign()] } } });
    signIn();
    renderWithApi(<CampaignsScreen />);
    const row = await screen.findByTestId('campaign-1');
    expect(row).toHaveTextContent('Sending');
    expect(row).toHaveTextContent('By language: Български');
    expect(row).toHaveTextContent('1,200 subscribers');
    expect(row).toHaveTextContent('Sent 600 · failed 3 · unsubscribed 2');
    // Sending: it can no longer be edited.
    expect(within(row).queryByRole('button', { name: /Edit/ })).toBeNull();
  });

  it(
    'writes a campaign in both languages with a product and an audience, then sends it after a confirm naming its reach',
    { timeout: 15_000 },
    async () => {
      const saved = campaign({ id: 2, status: 'draft', queuedAt: null, sent: 0, failed: 0, unsubscribed: 0 });
      const calls = fakeApi({
        [LIST]: { body: { campaigns: [] } },
        'GET /api/admin/products?lang=en': { body: [COAT] },
        'POST /api/admin/campaigns': (request) => ({
          status: 201,
          body: { ...saved, ...(request.body as object), audience: { kind: 'language', value: 'bg', size: 1200 } },
        }),
        'POST /api/admin/campaigns/2/send': { body: { ...saved, status: 'scheduled' } },
      });
      signIn();
      renderWithApi(<CampaignsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
      const dialog = screen.getByRole('dialog', { name: 'New campaign' });

      // Nothing written: each missing text is named beside its field, nothing is sent.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
      expect(await within(dialog).findByText('Write the subject in Bulgarian.')).toBeVisible();
      expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);

      const [subjectEn, subjectBg] = within(dialog).getAllByLabelText('Subject');
      const [textEn, textBg] = within(dialog).getAllByLabelText('Text');
      await userEvent.type(subjectEn!, 'The winter sale');
      await userEvent.type(subjectBg!, 'Зимното намаление');
      await userEvent.type(textEn!, 'All of it.');
      await userEvent.type(textBg!, 'Всичко.');
      await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Wool Coat' }));
      await userEvent.selectOptions(within(dialog).getByLabelText('Audience'), 'language');
      await userEvent.selectOptions(within(dialog).getByLabelText('Language'), 'bg');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));

      const confirm = await screen.findByRole('dialog', { name: 'Send the campaign now?' });
      expect(confirm).toHaveTextContent('It goes to 1200 subscribers');
      expect(calls.find((call) => call.key === 'POST /api/admin/campaigns')?.body).toEqual({
        subject: { en: 'The winter sale', bg: 'Зимното намаление' },
        text: { en: 'All of it.', bg: 'Всичко.' },
        products: [7],
        audience: { kind: 'language', value: 'bg' },
      });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Send now' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((call) => call.key === 'POST /api/admin/campaigns/2/send')).toHaveLength(1);
    },
  );
});
