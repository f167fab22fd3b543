import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { storeGeneratedImage } from '../../platform/files/images.js';
import { hashPassword } from '../../platform/security/passwords.js';
import type { Db, Tx } from '../client.js';
import { productColors, products, productSizes, productTranslations, users } from '../schema.js';
import { SEED_PRODUCTS, type SeedProduct } from './catalogue.js';
import { garmentSvg } from './garment-art.js';

/**
 * First-start data: the root admin and (with SEED_DEMO) the demo catalogue. Safe to run on
 * every start and from several processes at once: it only fills what is empty, under a lock.
 */
export async function seed(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    await seedRootAdmin(tx, config, log);
    if (config.seedDemo) await seedCatalogue(tx, log);
  });
}

async function seedRootAdmin(tx: Tx, config: Config, log: FastifyBaseLogger): Promise<void> {
  const [root] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ROOT_ADMIN')).limit(1);
  if (root) return;
  const generated = !config.admin.password;
  const password = config.admin.password ?? randomBytes(12).toString('base64url');
  const inserted = await tx
    .insert(users)
    .values({
      name: 'Root Admin',
      email: config.admin.email,
      passwordHash: await hashPassword(password),
      role: 'ROOT_ADMIN',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoUpdate({ target: users.email, set: { role: 'ROOT_ADMIN' } })
    .returning({ id: users.id });
  if (!inserted[0]) return;
  if (generated) {
    // Printed once, on the start that created the account: the operator signs in and may change it.
    log.warn(`Root admin created: ${config.admin.email} / ${password}  (set ADMIN_PASSWORD to choose it)`);
  } else {
    log.info(`Root admin created: ${config.admin.email}`);
  }
}

async function seedCatalogue(tx: Tx, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return;
  const started = Date.now();
  for (const item of SEED_PRODUCTS) await seedProduct(tx, item);
  log.info(`Demo catalogue seeded: ${SEED_PRODUCTS.length} products in ${Date.now() - started} ms`);
}

async function seedProduct(tx: Tx, item: SeedProduct): Promise<void> {
  const images = await Promise.all(
    item.colors.map(async (color) => {
      const [front, back] = await Promise.all([
        storeGeneratedImage(tx, garmentSvg(item.garment, color, 'front')),
        storeGeneratedImage(tx, garmentSvg(item.garment, color, 'back')),
      ]);
      return { front, back };
    }),
  );
  const main = images[0]?.front.url ?? '';
  const [product] = await tx
    .insert(products)
    .values({ categoryId: item.categoryId, priceCents: item.priceCents, imageUrl: main, publishedAt: new Date() })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned nothing');
  await tx.insert(productTranslations).values([
    { productId: product.id, language: 'en', name: item.en.name, description: item.en.description, imageUrl: main },
    { productId: product.id, language: 'bg', name: item.bg.name, description: item.bg.description, imageUrl: main },
  ]);
  await tx.insert(productColors).values(
    item.colors.map((color, position) => ({
      productId: product.id,
      colorName: color.name,
      imageUrl: images[position]?.front.url ?? main,
      hoverImage: images[position]?.back.url ?? main,
      position,
    })),
  );
  await tx.insert(productSizes).values(item.sizes.map((size) => ({ productId: product.id, size })));
}
