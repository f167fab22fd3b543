import { DB_INT_MAX, type AddLine, type Size } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { onSale } from '../../db/fragments.js';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { AppError } from '../../lib/errors.js';

/** What a cart or wishlist line is made of, checked against the database. */
export interface LineKey {
  productId: number;
  colorId: number;
  size: Size;
}

const invalid = (field: string, message: string) => new AppError('VALIDATION_ERROR', message, { [field]: message });

/**
 * The colour may be named by its id or, as the spec's client does, by its image url
 * (a `?w=` variant of it is the same image).
 */
function colorMatch(selectedColor: AddLine['selectedColor']) {
  if (typeof selectedColor === 'number') return sql`c.id = ${selectedColor}`;
  const url = selectedColor.split('?')[0] ?? '';
  if (/^[1-9]\d{0,9}$/.test(url) && Number(url) <= DB_INT_MAX) {
    return sql`(c.id = ${Number(url)} or c.image_url = ${url})`;
  }
  return sql`c.image_url = ${url}`;
}

/**
 * resolveLine's row. Built once: a zod object built in the function cost ~170 µs of CPU per call
 * (zod compiles each new object's parser on its first use), and its compiled code kept the
 * collector busy (decision 0099).
 */
const LineRowSchema = z.object({ color_id: z.number().nullable(), has_size: z.boolean() });

/**
 * Checks in one query that the product is on sale, that the colour is one of its colours and
 * that it is offered in the size; answers 400 with a message naming what is wrong.
 */
export async function resolveLine(
  db: Db,
  input: Pick<AddLine, 'productId' | 'selectedSize' | 'selectedColor'>,
): Promise<LineKey> {
  const [row] = await queryRows(
    db,
    LineRowSchema,
    sql`
    select
      (select c.id from product_colors c
        where c.product_id = p.id and ${colorMatch(input.selectedColor)}
        order by c.position, c.id limit 1) as color_id,
      exists (select 1 from product_sizes s where s.product_id = p.id and s.size = ${input.selectedSize}) as has_size
    from products p
    where p.id = ${input.productId} and ${onSale()}`,
  );
  if (!row) throw invalid('productId', 'This product is not available.');
  if (row.color_id === null) throw invalid('selectedColor', 'This colour is not available for this product.');
  if (!row.has_size) throw invalid('selectedSize', `Size ${input.selectedSize} is not available for this product.`);
  return { productId: input.productId, colorId: row.color_id, size: input.selectedSize };
}
