import { z } from 'zod';
import { text } from './text.js';
import { DB_INT_MAX } from './common.js';
import { IdSchema, QuantitySchema, RefIdSchema, SizeSchema } from './common.js';
import { ColorSchema, SaleSchema, TranslationSchema } from './catalog.js';
import { Money } from './money-codec.js';
import { ProductRatingSchema } from './reviews.js';

/** A colour is named by its id or, as the spec's client does, by its image url. */
export const ColorRefSchema = z.union([z.number().int().positive().max(DB_INT_MAX), text().min(1).max(500)]);

/** name, price and imageUrl may be sent by the spec's client; they are accepted and ignored. */
export const AddLineBodySchema = z.object({
  productId: RefIdSchema,
  selectedSize: SizeSchema,
  selectedColor: ColorRefSchema,
  quantity: QuantitySchema.default(1),
  name: z.unknown().optional(),
  price: z.unknown().optional(),
  imageUrl: z.unknown().optional(),
});
export type AddLineBody = z.input<typeof AddLineBodySchema>;
/** The line to add, as the server reads it: a product, a colour reference, a size, a quantity. */
export type AddLine = Pick<
  z.output<typeof AddLineBodySchema>,
  'productId' | 'selectedSize' | 'selectedColor' | 'quantity'
>;

export const UpdateCartLineBodySchema = z.object({ quantity: QuantitySchema });
export type UpdateCartLineBody = z.infer<typeof UpdateCartLineBodySchema>;

export const CartItemSchema = z.object({
  cartItemId: z.number(),
  productId: z.number(),
  name: z.string(),
  /** What the shopper pays now (the sale price during a sale). */
  price: Money,
  /** The sale in force, as the product answers it (absent from part one's answers). */
  sale: SaleSchema.nullable().optional(),
  selectedSize: SizeSchema,
  selectedColor: z.string(),
  colorId: z.number(),
  colorName: z.string(),
  /** The colour's Bulgarian name; '' when it has none. */
  colorNameBg: z.string(),
  quantity: z.number(),
  imageUrl: z.string(),
  /** What can still be bought of this colour and size (the shopper's own open checkout counted back); null: unlimited. */
  available: z.number().nullable(),
  /** Sent as false once the product no longer comes in this size (an admin removed it): `available` is then 0. */
  sizeOffered: z.boolean().optional(),
});
export type CartItem = z.infer<typeof CartItemSchema>;

export const WishlistItemSchema = z.object({
  id: z.number(),
  productId: z.number(),
  selectedSize: SizeSchema,
  selectedColor: z.string(),
  colorId: z.number(),
  quantity: z.number(),
  product: z.object({
    translations: z.array(TranslationSchema),
    price: Money,
    sale: SaleSchema.nullable().optional(),
    imageUrl: z.string(),
    hoverImage: z.string(),
    /** Every colour of the product, as product cards have them: the card's swatches. */
    colors: z.array(ColorSchema),
    /** The stars of its published reviews, as product cards have them; null while there is none. */
    rating: ProductRatingSchema.nullable().optional(),
  }),
  /** Sent as false once the product no longer comes in this size: it cannot go to the cart in it. */
  sizeOffered: z.boolean().optional(),
});
export type WishlistItem = z.infer<typeof WishlistItemSchema>;

export const CartLineParamsSchema = z.object({ cartItemId: IdSchema });
