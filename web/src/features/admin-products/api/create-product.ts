import type { CreateProductBody, ProductDetailsInput, Size } from '@shop/contract';
import { call } from '../../../lib/api-client';
import { deleteProduct } from './delete-product';
import { updateStock } from './update-stock';

export interface NewProduct {
  details: ProductDetailsInput;
  sizes: Size[];
  colors: { colorName: string; colorNameBg: string; image: File; hoverImage: File }[];
  /**
   * On hand per colour (by position) and size when the product tracks stock; null: it does not
   * (unlimited, as the part-one create payload starts).
   */
  stock: Partial<Record<Size, number>>[] | null;
}

/**
 * The spec's two calls: POST /products (texts, price, category, sizes, colour names), then
 * POST /products/upload-images (each colour's image and hover image, by position), which
 * publishes it. A product that tracks stock gets its counts between the two, while it is still
 * hidden, so it is never on sale without them. If a later call fails, the hidden draft is
 * deleted again, so a retry starts clean and no half-made product is left behind. Resolves to the
 * new product's id.
 */
export async function createProduct({ details, sizes, colors, stock }: NewProduct): Promise<number> {
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
  const { product } = await call('POST /products', body);

  const form = new FormData();
  form.append('productId', String(product.id));
  colors.forEach((color, index) => {
    form.append(`colorImage_${index}`, color.image);
    form.append(`colorHoverImage_${index}`, color.hoverImage);
  });
  try {
    if (stock) await setFirstStock(product.id, sizes, stock);
    await call('POST /products/upload-images', form);
  } catch (error) {
    await deleteProduct(product.id).catch(() => undefined);
    throw error;
  }
  return product.id;
}

/** The new draft's colours, in the order they were sent, get their counts. */
async function setFirstStock(productId: number, sizes: Size[], counts: Partial<Record<Size, number>>[]) {
  const draft = await call('GET /products/:id', { id: productId, lang: 'en' });
  const entries = draft.colors.flatMap((color, index) =>
    sizes.map((size) => ({ colorId: color.id, size, onHand: counts[index]?.[size] ?? 0 })),
  );
  await updateStock(productId, { stockTracked: true, stock: entries });
}
