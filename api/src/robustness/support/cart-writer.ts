/**
 * A child process for the crash-safety test: opens the embedded database in DATA_DIR through
 * the app's own database layer, seeds a shopper and products on first run, then adds cart
 * lines one at a time and prints `ack <productId>:<colorId>:<size>` only after each add has
 * returned (committed). The parent kills it with SIGKILL somewhere in the middle.
 */
import { SIZES } from '@shop/contract';
import { openDatabase } from '../../db/client.js';
import { productColors, users } from '../../db/schema.js';
import { addToCart } from '../../modules/cart/service.js';
import { createProduct, createUser } from '../../test/factories.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: cart-writer.ts <dataDir>');

const database = await openDatabase({ dataDir });
const { db } = database;
let [shopper] = await db.select({ id: users.id }).from(users).limit(1);
if (!shopper) {
  shopper = await createUser(db, { email: 'crash@example.com' });
  for (let index = 0; index < 4; index += 1)
    await createProduct(db, { sizes: [...SIZES], colors: ['Onyx', 'Bone', 'Sand'] });
}
const catalogue = await db
  .select({ id: productColors.id, productId: productColors.productId })
  .from(productColors)
  .orderBy(productColors.id);
process.stdout.write('ready\n');
for (const color of catalogue) {
  for (const size of SIZES) {
    await addToCart(
      db,
      shopper.id,
      { productId: color.productId, selectedColor: color.id, selectedSize: size, quantity: 1 },
      'en',
    );
    process.stdout.write(`ack ${color.productId}:${color.id}:${size}\n`);
  }
}
process.stdout.write('done\n');
await database.close();
