import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../config.js';
import { demoArtDir } from '../../paths.js';
import type { Database } from '../client.js';
import {
  files,
  productColorImages,
  productColors,
  productReviews,
  products,
  productSizes,
  productTranslations,
  users,
} from '../schema.js';
import { verifyPassword } from '../../platform/security/passwords.js';
import { createTestDatabase } from '../../test/database.js';
import { SEED_PRODUCTS } from './catalogue.js';
import { DETAIL_VIEWS, demoArtFile, demoArtName } from './demo-art.js';
import { DEMO_REVIEWS } from './reviews.js';
import { MAX_COLOR_IMAGES } from '@shop/contract';
import { seed } from './index.js';

/** A logger that keeps what it is told. */
function recordingLog() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map((arg) => JSON.stringify(arg)).join(' '));
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('first-start seed: the root admin', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  it('hands back a generated password once, for the caller to show, and never logs it', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: 'false', ADMIN_EMAIL: 'Owner@Example.com' });
    const { log, lines } = recordingLog();

    const first = await seed(database.db, config, log);
    const password = first.rootAdmin?.generatedPassword;
    expect(first.rootAdmin?.email).toBe('owner@example.com');
    expect(password).toMatch(/^[\w-]{16}$/);
    const [root] = await database.db.select().from(users).where(eq(users.role, 'ROOT_ADMIN'));
    expect(await verifyPassword(root!.passwordHash, password!)).toBe(true);
    expect(lines.join('\n')).toContain('owner@example.com');
    expect(lines.join('\n')).not.toContain(password);

    // Every later start finds the account and creates (and shows) nothing.
    expect(await seed(database.db, config, log)).toEqual({});
  });

  it('with ADMIN_PASSWORD set there is no password to show', async () => {
    database = await createTestDatabase();
    const config = loadConfig({ SEED_DEMO: 'false', ADMIN_PASSWORD: 'a quiet walk by the river' });
    const result = await seed(database.db, config, recordingLog().log);
    expect(result).toEqual({ rootAdmin: { email: 'admin@example.com' } });
  });
});

describe('first-start seed: the demo catalogue', () => {
  let database: Database | undefined;
  afterEach(() => database?.close());

  /** The id the shop gives a committed art file: the SHA-256 of its bytes. */
  const artId = async (file: string) =>
    createHash('sha256')
      .update(await readFile(join(demoArtDir, file)))
      .digest('hex');

  it('stores the committed art files with their variants, and says how far it has got', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const { log, lines } = recordingLog();
    await seed(db, loadConfig({ ADMIN_PASSWORD: 'a quiet walk by the river' }), log);

    expect(await db.select({ n: count() }).from(products)).toEqual([{ n: SEED_PRODUCTS.length }]);
    const first = SEED_PRODUCTS[0]!;
    const [product] = await db
      .select({ id: products.id, imageUrl: products.imageUrl })
      .from(products)
      .innerJoin(productTranslations, eq(productTranslations.productId, products.id))
      .where(eq(productTranslations.name, first.en.name));
    const colors = await db
      .select({ name: productColors.colorName, imageUrl: productColors.imageUrl, hover: productColors.hoverImage })
      .from(productColors)
      .where(eq(productColors.productId, product!.id))
      .orderBy(asc(productColors.position));
    const expected = await Promise.all(
      first.colors.map(async (color) => ({
        name: color.name,
        imageUrl: `/files/${await artId(demoArtFile(demoArtName(first.garment, color.name, 'front')))}`,
        hover: `/files/${await artId(demoArtFile(demoArtName(first.garment, color.name, 'back')))}`,
      })),
    );
    expect(colors).toEqual(expected);
    expect(product!.imageUrl).toBe(expected[0]!.imageUrl);

    const frontName = demoArtName(first.garment, first.colors[0]!.name, 'front');
    const variants = await db
      .select({ id: files.id, width: files.width, height: files.height })
      .from(files)
      .where(eq(files.sourceId, await artId(demoArtFile(frontName))))
      .orderBy(asc(files.width));
    expect(variants).toEqual([
      { id: await artId(demoArtFile(frontName, 400)), width: 400, height: 500 },
      { id: await artId(demoArtFile(frontName, 800)), width: 800, height: 1000 },
    ]);

    const progress = lines.filter((line) => /demo catalogue/i.test(line));
    expect(progress[0]).toContain(`Seeding the demo catalogue: ${SEED_PRODUCTS.length} products`);
    expect(progress.some((line) => line.includes(`5/${SEED_PRODUCTS.length} products`))).toBe(true);
    expect(progress.at(-1)).toMatch(new RegExp(`Demo catalogue seeded: ${SEED_PRODUCTS.length} products in \\d+ ms`));
  });

  it('gives one colour every photo a product page shows, and some products published reviews from demo buyers', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seed(db, loadConfig({ ADMIN_PASSWORD: 'a quiet walk by the river' }), recordingLog().log);

    const showcase = SEED_PRODUCTS.find((item) => item.gallery)!;
    const [color] = await db
      .select({ id: productColors.id, imageUrl: productColors.imageUrl, hover: productColors.hoverImage })
      .from(productColors)
      .innerJoin(productTranslations, eq(productTranslations.productId, productColors.productId))
      .where(and(eq(productTranslations.name, showcase.en.name), eq(productColors.colorName, showcase.gallery!)));
    const more = await db
      .select({ url: productColorImages.url })
      .from(productColorImages)
      .where(eq(productColorImages.colorId, color!.id))
      .orderBy(asc(productColorImages.position));
    const url = async (view: Parameters<typeof demoArtName>[2]) =>
      `/files/${await artId(demoArtFile(demoArtName(showcase.garment, showcase.gallery!, view)))}`;
    expect(color!.imageUrl).toBe(await url('front'));
    expect(more.map((row) => row.url)).toEqual(
      await Promise.all((['back', ...DETAIL_VIEWS] as const).map((view) => url(view))),
    );
    expect(1 + more.length).toBe(MAX_COLOR_IMAGES);

    // Each demo review is published, on a size and colour its product comes in, by a buyer no one can log in as.
    const reviews = await db
      .select({
        status: productReviews.status,
        size: productReviews.size,
        color: productReviews.colorName,
        productId: productReviews.productId,
        hash: users.passwordHash,
      })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId));
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    for (const review of reviews) {
      expect(review.status).toBe('published');
      expect(await verifyPassword(review.hash, 'a quiet walk by the river')).toBe(false);
      const sizes = await db.select().from(productSizes).where(eq(productSizes.productId, review.productId));
      const colors = await db.select().from(productColors).where(eq(productColors.productId, review.productId));
      expect(sizes.map((row) => row.size)).toContain(review.size);
      expect(colors.map((row) => row.colorName)).toContain(review.color);
    }

    // A second start adds nothing.
    await seed(db, loadConfig({ ADMIN_PASSWORD: 'a quiet walk by the river' }), recordingLog().log);
    expect(await db.select({ n: count() }).from(productReviews)).toEqual([{ n: DEMO_REVIEWS.length }]);
    expect(await db.select({ n: count() }).from(productColorImages)).toEqual([{ n: MAX_COLOR_IMAGES - 1 }]);
  });
});
