import type { Product } from '@shop/contract';

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
