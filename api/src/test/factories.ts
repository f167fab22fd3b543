import type { Role, Size } from '@shop/contract';
import type { Db } from '../db/client.js';
import {
  productColors,
  products,
  productSizes,
  productStock,
  productTranslations,
  sessions,
  users,
} from '../db/schema.js';
import { hashPassword } from '../platform/security/passwords.js';
import { generateToken, hashToken } from '../platform/security/tokens.js';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(sequence += 1)}`;

export const DEFAULT_PASSWORD = 'correct horse battery staple';
const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose: hash each test password once per file. */
const cachedHash = (password: string) => {
  let hashed = hashes.get(password);
  if (!hashed) hashes.set(password, (hashed = hashPassword(password)));
  return hashed;
};

export interface CreatedUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  password: string;
  /** A live session token for `Authorization: Bearer`. */
  token: string;
}

export async function createUser(
  db: Db,
  options: {
    role?: Role;
    email?: string;
    name?: string;
    password?: string;
    verified?: boolean;
    locale?: 'en' | 'bg';
  } = {},
): Promise<CreatedUser> {
  const password = options.password ?? DEFAULT_PASSWORD;
  const email = (options.email ?? `shopper-${next()}@example.com`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({
      name: options.name ?? 'Test Shopper',
      email,
      passwordHash: await cachedHash(password),
      role: options.role ?? 'USER',
      locale: options.locale ?? 'en',
      emailVerifiedAt: options.verified === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  const token = generateToken();
  await db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 30 * 24 * 3600 * 1000),
  });
  return { id: user.id, email, name: user.name, role: user.role, password, token };
}

export const bearer = (user: { token: string }) => ({ authorization: `Bearer ${user.token}` });

export interface CreatedProduct {
  id: number;
  priceCents: number;
  colors: { id: number; colorName: string; colorNameBg: string; imageUrl: string; hoverImage: string }[];
  sizes: Size[];
}

export async function createProduct(
  db: Db,
  options: {
    categoryId?: 1 | 2 | 3;
    priceCents?: number;
    name?: string;
    bgName?: string;
    colors?: string[];
    /** The colours' Bulgarian names, by position (none: '', the English name is shown). */
    colorsBg?: string[];
    sizes?: Size[];
    published?: boolean;
    /** Tracks stock, with this many on hand of every colour and size. */
    stock?: number;
  } = {},
): Promise<CreatedProduct> {
  const id = next();
  const name = options.name ?? `Test Hoodie ${id}`;
  const [product] = await db
    .insert(products)
    .values({
      categoryId: options.categoryId ?? 1,
      priceCents: options.priceCents ?? 4999,
      imageUrl: `/files/${'a'.repeat(64)}`,
      publishedAt: options.published === false ? null : new Date(),
      stockTracked: options.stock !== undefined,
    })
    .returning();
  if (!product) throw new Error('product insert returned nothing');
  await db.insert(productTranslations).values([
    { productId: product.id, language: 'en', name, description: `${name}, described.`, imageUrl: product.imageUrl },
    {
      productId: product.id,
      language: 'bg',
      name: options.bgName ?? `Тестов суитшърт ${id}`,
      description: 'Описание.',
      imageUrl: product.imageUrl,
    },
  ]);
  const colors = await db
    .insert(productColors)
    .values(
      (options.colors ?? ['Onyx', 'Bone']).map((colorName, position) => ({
        productId: product.id,
        colorName,
        colorNameBg: options.colorsBg?.[position] ?? '',
        imageUrl: `/files/${position.toString().repeat(64)}`,
        hoverImage: `/files/${(position + 5).toString().repeat(64)}`,
        position,
      })),
    )
    .returning({
      id: productColors.id,
      colorName: productColors.colorName,
      colorNameBg: productColors.colorNameBg,
      imageUrl: productColors.imageUrl,
      hoverImage: productColors.hoverImage,
    });
  const sizes = options.sizes ?? (['S', 'M', 'L', 'XL'] as Size[]);
  await db.insert(productSizes).values(sizes.map((size) => ({ productId: product.id, size })));
  if (options.stock !== undefined) {
    const onHand = options.stock;
    await db
      .insert(productStock)
      .values(
        colors.flatMap((color) => sizes.map((size) => ({ productId: product.id, colorId: color.id, size, onHand }))),
      );
  }
  return { id: product.id, priceCents: product.priceCents, colors, sizes };
}
