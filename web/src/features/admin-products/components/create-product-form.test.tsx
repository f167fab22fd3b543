import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render';
import { SIZES } from '@shop/contract';
import { Link } from 'react-router';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes/unsaved-changes';
import { CreateProductForm } from './create-product-form';

vi.mock('react-toastify', () => ({ toast: { error: vi.fn(), info: vi.fn(), success: vi.fn(), warn: vi.fn() } }));

/** Answers the create form's calls; `uploadStatus` decides how the image upload ends. */
function stubApi(uploadStatus = 200) {
  return fakeApi({
    'POST /api/products': { status: 201, body: { success: true, product: { id: 42 } } },
    'POST /api/products/upload-images':
      uploadStatus === 200
        ? { body: { success: true } }
        : {
            status: uploadStatus,
            body: { error: 'Only JPEG, PNG and WebP images are accepted.', code: 'UNSUPPORTED_MEDIA_TYPE' },
          },
    'GET /api/products/42?lang=en': { body: { id: 42, colors: [{ id: 7, colorName: 'Ash', colorNameBg: 'Пепел' }] } },
    'PUT /api/products/42/stock': { body: { success: true, stock: [] } },
    'DELETE /api/products/42': { body: { success: true } },
  });
}

/** A real 7×3 PNG. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAcAAAADCAIAAADQoYKSAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNoMHDARAwkiAIAj1ATsWA/xX4AAAAASUVORK5CYII=',
  ),
  (char) => char.charCodeAt(0),
);
const png = (name: string) => new File([PNG], name, { type: 'image/png' });

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

  it('offers S, M, L and XL, all chosen, and XS and XXL on request; keeps at least one colour row', async () => {
    stubApi();
    renderWithRouter(<CreateProductForm />);
    for (const size of ['S', 'M', 'L', 'XL']) expect(screen.getByRole('checkbox', { name: size })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'XS' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More sizes: XS, XXL' }));
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(SIZES);
    expect(screen.getByRole('checkbox', { name: 'XS' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'XXL' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'More sizes: XS, XXL' })).not.toBeInTheDocument();
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
    expect(await screen.findByText('Only JPEG, PNG and WebP images are accepted.')).toBeInTheDocument();
  });

  it('refuses a text file named .png when it is chosen, not at Publish', async () => {
    const sent = stubApi();
    renderWithRouter(<CreateProductForm />);
    const [image] = screen.getAllByLabelText(/^Image/, { selector: 'input[type=file]' });
    await userEvent.upload(image!, new File(['just some notes'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByText('Only JPEG, PNG and WebP images are accepted.')).toBeInTheDocument();
    expect(screen.queryByText('notes.png')).not.toBeInTheDocument();
    // A real image in its place clears the message.
    await userEvent.upload(image!, png('ash.png'));
    expect(await screen.findByText('ash.png')).toBeInTheDocument();
    expect(screen.queryByText('Only JPEG, PNG and WebP images are accepted.')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("names the shop's currency in the price label and tracks stock from the start", async () => {
    fakeApi({ 'GET /api/settings': { body: { ...TEST_SETTINGS, currency: 'EUR' } } });
    renderWithApi(<CreateProductForm />);
    expect(await screen.findByLabelText(/^Price \(EUR\)/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Track stock' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'On hand: Colour 1, size XL' })).toHaveValue('0');
  });

  it('creates the product, sets its stock while hidden, uploads its images by colour index, then opens its page', async () => {
    signIn();
    const sent = stubApi();
    const { router } = renderWithRouter(<CreateProductForm />, {
      path: '/admin/create-a-product',
      routes: [{ path: '/product/:id', element: <p>product page</p> }],
    });
    await userEvent.click(screen.getByRole('checkbox', { name: 'XL' }));
    const user = await fillForm();
    await user.type(screen.getByLabelText('Name in Bulgarian (optional)'), ' Пепел ');
    const medium = screen.getByRole('textbox', { name: 'On hand: Ash, size M' });
    await user.clear(medium);
    await user.type(medium, '12');
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
    expect(sent.map((request) => request.key)).toEqual([
      'POST /api/products',
      'GET /api/products/42?lang=en',
      'PUT /api/products/42/stock',
      'POST /api/products/upload-images',
    ]);
    expect(sent[2]!.body).toEqual({
      stockTracked: true,
      stock: [
        { colorId: 7, size: 'S', onHand: 0 },
        { colorId: 7, size: 'M', onHand: 12 },
        { colorId: 7, size: 'L', onHand: 0 },
      ],
    });
    expect(sent[0]!.body).toMatchObject({
      enName: 'Ash Hoodie',
      bgName: 'Суитшърт Пепел',
      price: 89.9,
      categoryId: 3,
      sizes: ['S', 'M', 'L'],
      colors: [{ colorName: 'Ash', colorNameBg: 'Пепел' }],
      translations: {
        create: [expect.objectContaining({ language: 'en' }), expect.objectContaining({ language: 'bg' })],
      },
    });
    expect(sent[3]!.body).toEqual({ productId: '42', colorImage_0: 'ash.png', colorHoverImage_0: 'ash-back.png' });
    expect(toast.success).toHaveBeenCalledWith('Product published.');
  });

  it('asks before leaving with a product half typed, and opens the product it published without asking', async () => {
    signIn();
    stubApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { router } = renderWithRouter(
      <UnsavedChangesGuard>
        <CreateProductForm />
        <Link to="/admin/orders">Orders</Link>
      </UnsavedChangesGuard>,
      { path: '/admin/create-a-product', routes: [{ path: '/product/:id', element: <p>product page</p> }] },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
    await router.navigate('/admin/create-a-product');

    const user = await fillForm();
    await user.click(screen.getByRole('link', { name: 'Orders' }));
    expect(confirm).toHaveBeenCalledWith('You have unsaved changes on this page. Leave it and lose them?');
    expect(router.state.location.pathname).toBe('/admin/create-a-product');

    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
    expect(confirm).toHaveBeenCalledTimes(1);
    confirm.mockRestore();
  });

  it('creates an untracked product with the spec\'s two calls when "Track stock" is off', async () => {
    signIn();
    const sent = stubApi();
    renderWithRouter(<CreateProductForm />, { routes: [{ path: '/product/:id', element: <p>product page</p> }] });
    const user = await fillForm();
    await user.click(screen.getByRole('switch', { name: 'Track stock' }));
    expect(screen.queryByRole('textbox', { name: /On hand/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Product published.'));
    expect(sent.map((request) => request.key)).toEqual(['POST /api/products', 'POST /api/products/upload-images']);
  });

  it('refuses a stock count that is not a whole number before sending anything', async () => {
    signIn();
    const sent = stubApi();
    renderWithRouter(<CreateProductForm />);
    const user = await fillForm();
    const small = screen.getByRole('textbox', { name: 'On hand: Ash, size S' });
    await user.clear(small);
    await user.type(small, '2.5');
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Check the stock counts');
    expect(small).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
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
    signIn();
    const sent = stubApi(415);
    renderWithRouter(<CreateProductForm />);
    const user = await fillForm();
    await user.click(screen.getByRole('button', { name: 'Publish product' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to publish product'));
    expect(sent.map((request) => request.key)).toEqual([
      'POST /api/products',
      'GET /api/products/42?lang=en',
      'PUT /api/products/42/stock',
      'POST /api/products/upload-images',
      'DELETE /api/products/42',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('Only JPEG, PNG and WebP images are accepted.');
    expect(screen.getByRole('button', { name: 'Publish product' })).toBeEnabled();
  });
});
