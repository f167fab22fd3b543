import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_SELLER } from '@shop/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { saveImage, type StoredImage } from '../../platform/files/images.js';
import { hashPassword } from '../../platform/security/passwords.js';
import type { Db, Tx } from '../client.js';
import {
  productColorImages,
  productColors,
  productReviews,
  products,
  productSizes,
  productStock,
  productTranslations,
  shopSettings,
  users,
} from '../schema.js';
import { SEED_PRODUCTS } from './catalogue.js';
import { COLOR_NAMES_BG, type SeedProduct } from './catalogue-types.js';
import { seedFit } from './fit.js';
import { DETAIL_VIEWS, demoArtName, readDemoArt, readDemoArtManifest, type DemoArtManifest } from './demo-art.js';
import { DEMO_REVIEWS } from './reviews.js';

/** What a start created: the root admin on the first start, with the password when it was generated. */
export interface SeedResult {
  rootAdmin?: { email: string; generatedPassword?: string };
}

/**
 * First-start data: the root admin and (with SEED_DEMO) the demo catalogue. Safe to run on
 * every start and from several processes at once: it only fills what is empty, under a lock.
 */
export async function seed(db: Db, config: Config, log: FastifyBaseLogger): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
    const rootAdmin = await seedRootAdmin(tx, config, log);
    if (config.seedDemo) {
      await seedCatalogue(tx, log);
      await seedSeller(tx);
    }
    return rootAdmin ? { rootAdmin } : {};
  });
}

async function seedRootAdmin(tx: Tx, config: Config, log: FastifyBaseLogger): Promise<SeedResult['rootAdmin']> {
  const [root] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ROOT_ADMIN')).limit(1);
  if (root) return undefined;
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
  if (!inserted[0]) return undefined;
  // A generated password is shown once, by the caller, where a person sees it (main.ts), and
  // never logged: logs are kept and shipped.
  log.info(
    generated
      ? `Root admin created: ${config.admin.email} (its generated password is printed once on standard error)`
      : `Root admin created: ${config.admin.email}`,
  );
  return generated ? { email: config.admin.email, generatedPassword: password } : { email: config.admin.email };
}

/** A plausible fictional seller for the demo shop, until the owner enters their own (admin Settings). */
async function seedSeller(tx: Tx): Promise<void> {
  await tx
    .update(shopSettings)
    .set({
      sellerLegalName: DEMO_SELLER.legalName,
      sellerAddress: DEMO_SELLER.address,
      sellerCompanyId: DEMO_SELLER.companyId,
      sellerVatId: DEMO_SELLER.vatId,
      sellerEmail: DEMO_SELLER.email,
      sellerPhone: DEMO_SELLER.phone,
    })
    .where(and(eq(shopSettings.id, 1), eq(shopSettings.sellerLegalName, '')));
}

async function seedCatalogue(tx: Tx, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return;
  const started = Date.now();
  const total = SEED_PRODUCTS.length;
  log.info(`Seeding the demo catalogue: ${total} products…`);
  const art = await readDemoArtManifest();
  const ids = new Map<string, number>();
  for (const [index, item] of SEED_PRODUCTS.entries()) {
    ids.set(item.key, await seedProduct(tx, item, index, art));
    const done = index + 1;
    if (done % 5 === 0 && done < total) log.info(`Seeding the demo catalogue: ${done}/${total} products…`);
  }
  await seedReviews(tx, ids);
  log.info(`Demo catalogue seeded: ${total} products in ${Date.now() - started} ms`);
}

/**
 * The demo's stock of one colour and size: mostly a shelf of 6–25, with a few sizes sold out and
 * a few with 1–3 left, the same on every start (shown by the product pages and their tests).
 */
export function demoOnHand(product: number, color: number, size: number): number {
  const turn = (product * 7 + color * 5 + size * 3) % 17;
  if (turn === 0) return 0;
  if (turn === 1 || turn === 2) return turn + (product % 2);
  return 6 + ((product + color * 3 + size * 5) % 20);
}

/**
 * The demo buyers' published reviews (reviews.ts), so that a product page shows some from the
 * start. The buyers are accounts no one can log in to (no password hashes to one), with no orders:
 * the demo has no deliveries to show.
 */
async function seedReviews(tx: Tx, productIds: Map<string, number>): Promise<void> {
  const buyers = [...new Map(DEMO_REVIEWS.map((review) => [review.buyer.email, review.buyer])).values()];
  const inserted = await tx
    .insert(users)
    .values(
      buyers.map((buyer) => ({
        name: buyer.name,
        email: buyer.email,
        // Not a hash of anything: verifyPassword refuses every password for it.
        passwordHash: '!demo-buyer',
        locale: buyer.locale,
        emailVerifiedAt: new Date(),
      })),
    )
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(inserted.map((user) => [user.email, user.id]));
  const now = Date.now();
  const rows = DEMO_REVIEWS.flatMap((review) => {
    const productId = productIds.get(review.product);
    const userId = userIds.get(review.buyer.email);
    if (productId === undefined || userId === undefined) return [];
    const written = new Date(now - review.daysAgo * 86_400_000);
    return [
      {
        productId,
        userId,
        rating: review.rating,
        fit: review.fit,
        title: review.title,
        body: review.body,
        size: review.size,
        colorName: review.color,
        colorNameBg: COLOR_NAMES_BG[review.color],
        status: 'published' as const,
        createdAt: written,
        moderatedAt: written,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(productReviews).values(rows);
}

async function seedProduct(tx: Tx, item: SeedProduct, index: number, art: DemoArtManifest): Promise<number> {
  const images: { front: StoredImage; back: StoredImage }[] = [];
  for (const color of item.colors) {
    const front = await saveImage(tx, await readDemoArt(art, demoArtName(item.garment, color.name, 'front')));
    const back = await saveImage(tx, await readDemoArt(art, demoArtName(item.garment, color.name, 'back')));
    images.push({ front, back });
  }
  const main = images[0]?.front.url ?? '';
  const [product] = await tx
    .insert(products)
    .values({
      categoryId: item.categoryId,
      priceCents: item.priceCents,
      imageUrl: main,
      publishedAt: new Date(),
      stockTracked: true,
      ...seedFit(item.key, item.sizes),
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned nothing');
  await tx.insert(productTranslations).values([
    { productId: product.id, language: 'en', name: item.en.name, description: item.en.description, imageUrl: main },
    { productId: product.id, language: 'bg', name: item.bg.name, description: item.bg.description, imageUrl: main },
  ]);
  const colors = await tx
    .insert(productColors)
    .values(
      item.colors.map((color, position) => ({
        productId: product.id,
        colorName: color.name,
        colorNameBg: COLOR_NAMES_BG[color.name],
        imageUrl: images[position]?.front.url ?? main,
        hoverImage: images[position]?.back.url ?? main,
        position,
      })),
    )
    .returning({ id: productColors.id });
  const galleryIndex = item.colors.findIndex((color) => color.name === item.gallery);
  const gallery = colors[galleryIndex];
  if (gallery) {
    // After the front (the colour's image): the back, then the close-ups.
    const urls = [images[galleryIndex]!.back.url];
    for (const detail of DETAIL_VIEWS) {
      urls.push((await saveImage(tx, await readDemoArt(art, demoArtName(item.garment, item.gallery!, detail)))).url);
    }
    await tx
      .insert(productColorImages)
      .values(urls.map((url, position) => ({ colorId: gallery.id, url, position: position + 1 })));
  }
  await tx.insert(productSizes).values(item.sizes.map((size) => ({ productId: product.id, size })));
  await tx.insert(productStock).values(
    colors.flatMap((color, colorIndex) =>
      item.sizes.map((size, sizeIndex) => ({
        productId: product.id,
        colorId: color.id,
        size,
        onHand: demoOnHand(index, colorIndex, sizeIndex),
      })),
    ),
  );
  return product.id;
}
