import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { adminProduct } from '../../../test/products';
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

function renderPanel(answers: Parameters<typeof fakeApi>[0] = {}) {
  const sent = fakeApi({
    'GET /api/settings': { body: TEST_SETTINGS },
    'POST /api/admin/products/7/recall': { status: 201, body: { recall: { id: 12 }, mailed: 3 } },
    ...answers,
  });
  signIn();
  renderWithApi(<RecallPanel product={product} />);
  return sent;
}

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
});
