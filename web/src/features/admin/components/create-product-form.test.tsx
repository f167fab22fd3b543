import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { renderWithRouter } from '../../../test/render';
import { CreateProductForm } from './create-product-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

interface Sent {
  key: string;
  body: unknown;
}

/** Answers the create form's calls; `uploadStatus` decides how the image upload ends. */
function stubApi(uploadStatus = 200) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(
              [...init.body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]),
            )
          : init?.body
            ? JSON.parse(String(init.body))
            : undefined;
      sent.push({ key, body });
      if (key === 'POST /api/products')
        return new Response(JSON.stringify({ success: true, product: { id: 42 } }), { status: 201 });
      if (key === 'POST /api/products/upload-images') {
        return uploadStatus === 200
          ? new Response(JSON.stringify({ success: true }), { status: 200 })
          : new Response(
              JSON.stringify({ error: 'Only JPEG, PNG and WebP images are accepted.', code: 'UNSUPPORTED_MEDIA_TYPE' }),
              {
                status: uploadStatus,
              },
            );
      }
      if (key === 'DELETE /api/products/42') return new Response(JSON.stringify({ success: true }), { status: 200 });
      throw new Error(`unexpected request ${key}`);
    }),
  );
  return sent;
}

const TOKEN = 't'.repeat(43);
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function fillForm() {
  const user = userEvent.setup();
  const english = screen.getByRole('group', { name: 'English' });
  const bulgarian = screen.getByRole('group', { name: 'Bulgarian' });
  await user.type(within(english).getByLabelText(/Name/), 'Ash Hoodie');
  await user.type(within(english).getByLabelText(/Description/), 'Heavy fleece.');
  await user.type(within(bulgarian).getByLabelText(/Name/), 'Суитшърт Пепел');
  await user.type(within(bulgarian).getByLabelText(/Description/), 'Плътен полар.');
  await user.type(screen.getByLabelText(/Price/), '89,90');
  await user.selectOptions(screen.getByLabelText(/Category/), '3');
  await user.type(screen.getByLabelText(/Colour name/), '  Ash ');
  const [image, hover] = screen.getAllByLabelText(/^(Image|Hover image)/, { selector: 'input[type=file]' });
  await user.upload(image!, png('ash.png'));
  await user.upload(hover!, png('ash-back.png'));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('CreateProductForm', () => {
  it('says what is missing, field by field, and sends nothing', async () => {
    const sent = stubApi();
    renderWithRouter(<CreateProductForm />, { path: '/admin/create-a-product' });
    await userEvent.click(screen.getByRole('button', { name: 'Publish product' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    for (const message of [
      'English name is required',
      'English description is required',
      'Bulgarian name is required',
      'Bulgarian description is required',
      'Valid price is required',
      'Category is required',
      'Color name is required',
      'Image is required',
      'Hover image is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText(/Price/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('offers S, M, L and XL, all chosen; keeps at least one colour row', async () => {
    stubApi();
    renderWithRouter(<CreateProductForm />);
    for (const size of ['S', 'M', 'L', 'XL']) expect(screen.getByRole('checkbox', { name: size })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'XS' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove colour 1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(screen.getByRole('button', { name: 'Remove colour 2' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove colour 2' }));
    expect(screen.queryByText('Colour 2')).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image before sending it', async () => {
    stubApi();
    renderWithRouter(<CreateProductForm />);
    const [image] = screen.getAllByLabelText(/^Image/, { selector: 'input[type=file]' });
    await userEvent.upload(image!, new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByText('Only JPEG, PNG and WebP images are accepted.')).toBeInTheDocument();
  });

  it('creates the product, uploads its images by colour index, then opens its page', async () => {
    localStorage.setItem('token', TOKEN);
    const sent = stubApi();
    const { router } = renderWithRouter(<CreateProductForm />, {
      path: '/admin/create-a-product',
      routes: [{ path: '/product/:id', element: <p>product page</p> }],
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'XL' }));
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
    expect(sent.map((request) => request.key)).toEqual(['POST /api/products', 'POST /api/products/upload-images']);
    expect(sent[0]!.body).toMatchObject({
      enName: 'Ash Hoodie',
      bgName: 'Суитшърт Пепел',
      price: 89.9,
      categoryId: 3,
      sizes: ['S', 'M', 'L'],
      colors: [{ colorName: 'Ash' }],
      translations: {
        create: [expect.objectContaining({ language: 'en' }), expect.objectContaining({ language: 'bg' })],
      },
    });
    expect(sent[1]!.body).toEqual({ productId: '42', colorImage_0: 'ash.png', colorHoverImage_0: 'ash-back.png' });
    expect(toast.success).toHaveBeenCalledWith('Product published.');
  });

  it('asks to log in again when the token is gone (another tab logged out), and sends nothing', async () => {
    const sent = stubApi();
    renderWithRouter(<CreateProductForm />);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    expect(toast.error).toHaveBeenCalledWith('No token found. Please log in again.');
    expect(sent).toEqual([]);
  });

  it('says "Failed to publish product" when the images are refused, and removes the hidden draft', async () => {
    localStorage.setItem('token', TOKEN);
    const sent = stubApi(415);
    renderWithRouter(<CreateProductForm />);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to publish product'));
    expect(sent.map((request) => request.key)).toEqual([
      'POST /api/products',
      'POST /api/products/upload-images',
      'DELETE /api/products/42',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Only JPEG, PNG and WebP images are accepted.');
    expect(screen.getByRole('button', { name: 'Publish product' })).toBeEnabled();
  });
});
