import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type fakeApi } from '../../../test/fake-api';
import { adminProduct, renderEditorPanel } from '../../../test/products';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes/unsaved-changes';
import { RecallPanel } from './recall-panel';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

const product = adminProduct();

const TEXTS: [string, string][] = [
  ['Title (English)', 'Drawcord recall'],
  ['Title (Bulgarian)', 'Изземване заради шнура'],
  ['The hazard (English)', 'The cord can strangle.'],
  ['The hazard (Bulgarian)', 'Шнурът може да задуши.'],
  ['What to do and the remedy (English)', 'Return it for a refund.'],
  ['What to do and the remedy (Bulgarian)', 'Върнете го срещу пълна сума.'],
];

const renderPanel = (answers: Parameters<typeof fakeApi>[0] = {}) =>
  renderEditorPanel(<RecallPanel product={product} />, {
    'POST /api/admin/products/7/recall': { status: 201, body: { recall: { id: 12 }, mailed: 3 } },
    'GET /api/recalls': { body: { data: [] } },
    ...answers,
  });

/** The six texts, pasted (typing them letter by letter took most of the test's time). */
async function fill() {
  for (const [label, text] of TEXTS) {
    await userEvent.click(screen.getByLabelText(label));
    await userEvent.paste(text);
  }
}

const posts = (sent: ReturnType<typeof fakeApi>) => sent.filter((request) => request.key.startsWith('POST '));

afterEach(() => {
  vi.clearAllMocks();
});

describe('the product safety recall panel', () => {
  it('publishes the notice in both languages for the colours and sizes ticked, and links to it', async () => {
    const sent = renderPanel();
    await fill();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Onyx M' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish the recall' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toEqual({
      title: { en: 'Drawcord recall', bg: 'Изземване заради шнура' },
      hazard: { en: 'The cord can strangle.', bg: 'Шнурът може да задуши.' },
      remedy: { en: 'Return it for a refund.', bg: 'Върнете го срещу пълна сума.' },
      variants: [{ colorId: 3, size: 'M' }],
    });
    expect(await screen.findByRole('link', { name: 'Open the notice' })).toHaveAttribute('href', '/recalls/12');
    expect(screen.getByRole('status')).toHaveTextContent('The buyers of 3 orders are being mailed.');
  });

  it('asks for every text in both languages, and sends nothing until then', async () => {
    const sent = renderPanel();
    await userEvent.type(screen.getByLabelText('Title (English)'), 'Drawcord recall');
    await userEvent.click(screen.getByRole('button', { name: 'Publish the recall' }));
    expect(screen.getByLabelText('Title (Bulgarian)')).toHaveAccessibleDescription('Write this in both languages.');
    expect(screen.getByLabelText('Title (English)')).not.toHaveAttribute('aria-invalid');
    expect(posts(sent)).toHaveLength(0);
  });

  it('says when the same recall is published already', async () => {
    renderPanel({
      'POST /api/admin/products/7/recall': { status: 409, body: { error: 'Published', code: 'RECALL_EXISTS' } },
    });
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Publish the recall' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A recall of this product with this title is published already.',
    );
  });

  it('corrects an open notice’s texts in the same form and closes it once confirmed (decision 0064)', async () => {
    const notice = {
      id: 12,
      productId: 7,
      title: { en: 'Drawcord recall', bg: 'Изземване заради шнура' },
      hazard: { en: 'The cord can strangle.', bg: 'Шнурът може да задуши.' },
      remedy: { en: 'Return it.', bg: 'Върнете го.' },
      publishedAt: '2026-11-20T10:00:00.000Z',
      closedAt: null,
    };
    const sent = renderPanel({
      'GET /api/recalls': {
        body: {
          data: [
            notice,
            { ...notice, id: 9, title: { en: 'Old recall', bg: 'Старо' }, closedAt: '2026-11-21T10:00:00.000Z' },
          ],
        },
      },
      'PUT /api/admin/recalls/12': { body: notice },
      'POST /api/admin/recalls/12/close': { body: { ...notice, closedAt: '2026-11-29T10:00:00.000Z' } },
    });
    expect(await screen.findByText('Closed on 21 Nov 2026', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit the texts of “Old recall”' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit the texts of “Drawcord recall”' }));
    expect(screen.getByLabelText('The hazard (English)')).toHaveValue('The cord can strangle.');
    expect(screen.queryByRole('checkbox', { name: 'Onyx M' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('The hazard (English)'));
    await userEvent.paste(' Cut it off.');
    await userEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(() => expect(sent.some((request) => request.key === 'PUT /api/admin/recalls/12')).toBe(true));
    expect(sent.find((request) => request.key === 'PUT /api/admin/recalls/12')!.body).toEqual({
      title: notice.title,
      hazard: { en: 'The cord can strangle. Cut it off.', bg: 'Шнурът може да задуши.' },
      remedy: notice.remedy,
    });
    expect(await screen.findByRole('button', { name: 'Publish the recall' })).toBeInTheDocument();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Close the recall “Drawcord recall”' }));
    await waitFor(() =>
      expect(posts(sent).map((request) => request.key)).toEqual(['POST /api/admin/recalls/12/close']),
    );
    expect(confirm).toHaveBeenCalled();
  });

  it('asks before the page is left with a notice half written, and not once it is published', async () => {
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const sent = renderEditorPanel(
      <UnsavedChangesGuard>
        <RecallPanel product={product} />
      </UnsavedChangesGuard>,
      {
        'POST /api/admin/products/7/recall': { status: 201, body: { recall: { id: 12 }, mailed: 3 } },
        'GET /api/recalls': { body: { data: [] } },
      },
    );
    expect(leaving()).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Onyx M' }));
    expect(leaving()).toBe(true);
    await fill();
    await userEvent.click(screen.getByRole('button', { name: 'Publish the recall' }));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    await waitFor(() => expect(leaving()).toBe(false));
  });
});
