import type { CreateProductBody, ProductDetails, Size } from '@shop/contract';
import { api } from '../../../lib/api-client';
import { deleteProduct } from './delete-product';

export interface NewProduct {
  details: ProductDetails;
  sizes: Size[];
  colors: { colorName: string; colorNameBg: string; image: File; hoverImage: File }[];
}

/**
 * The spec's two calls: POST /products (texts, price, category, sizes, colour names), then
 * POST /products/upload-images (each colour's image and hover image, by position), which
 * publishes it. If the images fail, the hidden draft is deleted again, so a retry starts clean
 * and no half-made product is left behind. Resolves to the new product's id.
 */
export async function createProduct({ details, sizes, colors }: NewProduct): Promise<number> {
  const body: CreateProductBody = {
    ...details,
    sizes,
    colors: colors.map(({ colorName, colorNameBg }) => ({ colorName, colorNameBg })),
    translations: {
      create: [
        { language: 'en', name: details.enName, description: details.enDescription, imageUrl: '' },
        { language: 'bg', name: details.bgName, description: details.bgDescription, imageUrl: '' },
      ],
    },
  };
  const { product } = await api.post<{ success: true; product: { id: number } }>('/products', body);

  const form = new FormData();
  form.append('productId', String(product.id));
  colors.forEach((color, index) => {
    form.append(`colorImage_${index}`, color.image);
    form.append(`colorHoverImage_${index}`, color.hoverImage);
  });
  try {
    await api.post('/products/upload-images', form);
  } catch (error) {
    await deleteProduct(product.id).catch(() => undefined);
    throw error;
  }
  return product.id;
}
