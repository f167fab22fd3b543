import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Color } from '@shop/contract';
import { fakeApi, renderWithApi, signIn, type SentRequest } from '../../../test/fake-api';
import { ColorImages } from './color-images';

/** A real 7×3 PNG. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAcAAAADCAIAAADQoYKSAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWNoMHDARAwkiAIAj1ATsWA/xX4AAAAASUVORK5CYII=',
  ),
  (char) => char.charCodeAt(0),
);

const PATH = '/api/admin/products/7/colors/3/images';
const color: Color = {
  id: 3,
  colorName: 'Onyx',
  colorNameBg: '',
  imageUrl: '/files/a',
  hoverImage: '/files/h',
  images: ['/files/a', '/files/b', '/files/c'],
};

/** The colour as the editor holds it: each saved answer replaces it. */
function Holder({ initial }: { initial: Color }) {
  const [shown, setShown] = useState(initial);
  return <ColorImages productId={7} color={shown} onChange={setShown} />;
}

/** The fake server keeps the order it was last sent, and answers it. */
function renderStrip(initial: Color = color, answers: Parameters<typeof fakeApi>[0] = {}) {
  const sent = fakeApi({
    [`PUT ${PATH}`]: (request: SentRequest) => {
      const images = (request.body as { images: string[] }).images;
      return { body: { success: true, color: { ...initial, imageUrl: images[0], images } } };
    },
    [`POST ${PATH}`]: {
      status: 201,
      body: { success: true, color: { ...initial, images: [...initial.images!, '/files/d'] } },
    },
    ...answers,
  });
  signIn();
  renderWithApi(<Holder initial={initial} />);
  return sent;
}

const thumbs = () =>
  within(screen.getByRole('list'))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'));
const bodies = (sent: SentRequest[], method: string) =>
  sent.filter((request) => request.key === `${method} ${PATH}`).map((request) => request.body);

describe('a colour’s images in the product editor', () => {
  it('shows them in order, the first marked, with how many of eight', () => {
    renderStrip();
    expect(screen.getByRole('group', { name: 'Images (3 of 8)' })).toBeInTheDocument();
    expect(thumbs()).toEqual(['/files/a?w=400', '/files/b?w=400', '/files/c?w=400']);
    expect(screen.getByRole('button', { name: 'Move image 1 left' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move image 3 right' })).toBeDisabled();
  });

  it('moves an image left with a button, saving the new order; the new first is the colour’s image', async () => {
    const sent = renderStrip();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move image 2 left' }));
    await waitFor(() => expect(thumbs()[0]).toBe('/files/b?w=400'));
    expect(bodies(sent, 'PUT')).toEqual([{ images: ['/files/b', '/files/a', '/files/c'] }]);
    expect(screen.getByRole('status')).toHaveTextContent('Image moved to place 1.');

    await user.click(screen.getByRole('button', { name: 'Move image 2 right' }));
    await waitFor(() => expect(thumbs()).toEqual(['/files/b?w=400', '/files/c?w=400', '/files/a?w=400']));
    expect(bodies(sent, 'PUT')[1]).toEqual({ images: ['/files/b', '/files/c', '/files/a'] });
  });

  it('removes an image by leaving it out of the order; the last one cannot be removed', async () => {
    const sent = renderStrip();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image 2' }));
    await waitFor(() => expect(thumbs()).toEqual(['/files/a?w=400', '/files/c?w=400']));
    expect(bodies(sent, 'PUT')).toEqual([{ images: ['/files/a', '/files/c'] }]);

    renderStrip({ ...color, images: ['/files/a'] });
    expect(screen.getAllByRole('button', { name: 'Remove image 1' }).at(-1)).toBeDisabled();
  });

  it('adds a chosen file as multipart `image`, shown after the others', async () => {
    const sent = renderStrip();
    await userEvent.upload(screen.getByLabelText('Add images'), new File([PNG], 'back.png', { type: 'image/png' }));
    await waitFor(() => expect(thumbs()).toHaveLength(4));
    expect(bodies(sent, 'POST')).toEqual([{ image: 'back.png' }]);
  });

  it('adds several files chosen at once, in their order, and says how many (issue 45)', async () => {
    const sent = renderStrip();
    const png = (name: string) => new File([PNG], name, { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Add images'), [png('back.png'), png('detail.png')]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('2 images added.'));
    expect(bodies(sent, 'POST')).toEqual([{ image: 'back.png' }, { image: 'detail.png' }]);
    // More than the colour has room for (the fake server answers four images): none is sent.
    await userEvent.upload(
      screen.getByLabelText('Add images'),
      ['1', '2', '3', '4', '5', '6'].map((n) => png(`${n}.png`)),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('There is room for 4 more images: choose at most 4.');
    expect(bodies(sent, 'POST')).toHaveLength(2);
  });

  it('says why an image was refused: not an image (before sending), a ninth (409 TOO_MANY_IMAGES)', async () => {
    const sent = renderStrip(color, {
      [`POST ${PATH}`]: { status: 409, body: { error: 'At most 8.', code: 'TOO_MANY_IMAGES' } },
    });
    const input = screen.getByLabelText('Add images');
    await userEvent.upload(input, new File(['just some notes'], 'notes.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.png: Only JPEG, PNG and WebP images are accepted.',
    );
    expect(bodies(sent, 'POST')).toEqual([]);

    await userEvent.upload(input, new File([PNG], 'ninth.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'This colour has as many images as it can have: remove one to add another.',
      ),
    );
    expect(thumbs()).toHaveLength(3);
  });

  it('offers no add once the colour has eight', () => {
    const eight = Array.from({ length: 8 }, (_, i) => `/files/${i}`);
    renderStrip({ ...color, imageUrl: eight[0]!, images: eight });
    expect(screen.queryByLabelText('Add images')).not.toBeInTheDocument();
    expect(screen.getByText('A colour has at most 8 images: remove one to add another.')).toBeInTheDocument();
  });
});
