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
  it('shows each campaign with its audience, its reach and its progress', { timeout: 15_000 }, async () => {
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
    { timeout: 30_000 },
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
        'GET /api/admin/campaigns/audience?kind=all': { body: { count: 1500 } },
        'GET /api/admin/campaigns/audience?kind=language&value=bg': { body: { count: 1200 } },
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

  it(
    'counts the audience live while it is chosen, before anything is saved, asking only for a whole audience',
    { timeout: 15_000 },
    async () => {
      const calls = fakeApi({
        [LIST]: { body: { campaigns: [] } },
        'GET /api/admin/products?lang=en': { body: [COAT] },
        'GET /api/admin/campaigns/audience?kind=all': { body: { count: 1500 } },
        'GET /api/admin/campaigns/audience?kind=size&value=XS': { body: { count: 42 } },
      });
      signIn();
      renderWithApi(<CampaignsScreen />);
      await userEvent.click(await screen.findByRole('button', { name: 'New campaign' }));
      const dialog = screen.getByRole('dialog', { name: 'New campaign' });
      const reach = within(dialog).getByTestId('audience-reach');
      await waitFor(() => expect(reach).toHaveTextContent('Reaches 1,500 subscribers now.'));

      await userEvent.selectOptions(within(dialog).getByLabelText('Audience'), 'size');
      // A kind without its value is no audience yet: nothing is asked, and no count is shown.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(reach).toBeEmptyDOMElement();
      await userEvent.selectOptions(within(dialog).getByLabelText('Size'), 'XS');
      await waitFor(() => expect(reach).toHaveTextContent('Reaches 42 subscribers now.'));
      const asked = calls.filter((call) => call.key.includes('/audience')).map((call) => call.key);
      expect(asked).toEqual([
        'GET /api/admin/campaigns/audience?kind=all',
        'GET /api/admin/campaigns/audience?kind=size&value=XS',
      ]);
      expect(calls.some((call) => call.key.startsWith('POST'))).toBe(false);
    },
  );

  it('stops a campaign going out after a confirm, and says how many mails went', { timeout: 15_000 }, async () => {
    const { toast } = await import('react-toastify');
    const calls = fakeApi({
      [LIST]: { body: { campaigns: [campaign()] } },
      'POST /api/admin/campaigns/1/stop': { body: campaign({ status: 'stopped', sent: 640 }) },
    });
    signIn();
    renderWithApi(<CampaignsScreen />);
    const row = await screen.findByTestId('campaign-1');
    await userEvent.click(within(row).getByRole('button', { name: 'Stop the campaign “The winter sale”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop the campaign?' });
    expect(confirm).toHaveTextContent('Mails that have not gone out yet will not be sent (600 went out so far).');
    expect(calls.some((call) => call.key.endsWith('/stop'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Stop the campaign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.key === 'POST /api/admin/campaigns/1/stop')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith('The campaign is stopped. Mails sent: 640.');
  });

  it('shows a stopped campaign as stopped, with what went out, and offers neither edit nor stop', async () => {
    fakeApi({ [LIST]: { body: { campaigns: [campaign({ status: 'stopped', sent: 640 })] } } });
    signIn();
    renderWithApi(<CampaignsScreen />);
    const row = await screen.findByTestId('campaign-1');
    expect(row).toHaveTextContent('Stopped');
    expect(row).toHaveTextContent('Sent 640 · failed 3 · unsubscribed 2');
    expect(within(row).queryByRole('button')).toBeNull();
  });
});
