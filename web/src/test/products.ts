import type { ReactElement } from 'react';
import type { Product } from '@shop/contract';
import { fakeApi, renderWithApi, signIn, TEST_SETTINGS } from './fake-api';

/**
 * A product as the admin's editor panels get it (the API's answer): two colours, two sizes, stock
 * not counted. Each panel's test adds what it is about (`{ ...adminProduct(), fit: … }`).
 */
export const adminProduct = (): Product => ({
  id: 7,
  name: 'Linen Shirt',
  description: 'Light linen.',
  price: 100,
  regularPrice: 100,
  sale: null,
  categoryId: 1,
  imageUrl: '/uploads/a.jpg',
  published: true,
  translations: [{ language: 'en', name: 'Linen Shirt', description: 'Light linen.', imageUrl: '/uploads/a.jpg' }],
  colors: [
    { id: 3, colorName: 'Onyx', colorNameBg: 'Оникс', imageUrl: '', hoverImage: '' },
    { id: 4, colorName: 'Bone', colorNameBg: '', imageUrl: '', hoverImage: '' },
  ],
  sizes: [
    { id: 2, size: 'M' },
    { id: 1, size: 'S' },
  ],
  stockTracked: false,
  stock: [],
});

/**
 * An editor panel rendered for a signed-in admin over the fake api: the shop's settings, then
 * `answers` (the panel's own reads and its save; they may answer the settings too). What it sent.
 */
export function renderEditorPanel(panel: ReactElement, answers: Parameters<typeof fakeApi>[0]) {
  const sent = fakeApi({ 'GET /api/settings': { body: TEST_SETTINGS }, ...answers });
  signIn();
  renderWithApi(panel);
  return sent;
}

/** The PUTs among what a panel sent: its saves. */
export const putsOf = (sent: ReturnType<typeof fakeApi>) => sent.filter((request) => request.key.startsWith('PUT '));
