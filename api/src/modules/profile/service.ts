import type { Profile, UpdateProfileBody } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userUploads, users } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { storeImage } from '../../platform/files/images.js';
import { savedInvoiceDetails } from '../documents/service.js';
import { storeCreditCents } from '../gift-cards/ledger.js';
import { newsletterState } from '../newsletter/service.js';

export const MESSAGES = {
  saved: 'Changes saved! Your profile has been updated.',
  unknownPicture: 'This picture was not uploaded from your account. Please upload it again.',
  noFile: 'Choose an image to upload as the profile picture.',
} as const;

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      address: users.address,
      phone: users.phone,
      profilePicture: users.profilePicture,
      role: users.role,
      delivery: users.delivery,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Account not found');
  const [invoiceDetails, storeCredit, newsletter] = await Promise.all([
    savedInvoiceDetails(db, userId),
    storeCreditCents(db, userId),
    newsletterState(db, row.email),
  ]);
  return { ...row, delivery: row.delivery ?? null, invoiceDetails, storeCredit, newsletter };
}

/** Only name, address and phone change: the email is read-only and the role is never taken from a client. */
export async function updateProfile(db: Db, userId: number, body: UpdateProfileBody): Promise<void> {
  await db
    .update(users)
    .set({ name: body.name, address: body.address, phone: body.phone, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Stores an avatar (decoded, re-encoded, metadata gone) and remembers that this user uploaded it. */
export async function uploadAvatar(db: Db, userId: number, bytes: Buffer): Promise<string> {
  const image = await storeImage(db, bytes, 'avatar');
  await db.insert(userUploads).values({ userId, fileId: image.id }).onConflictDoNothing();
  return image.url;
}

/** `/profile/save` takes only a picture this user uploaded: never another user's file or a foreign URL. */
export async function saveAvatar(db: Db, userId: number, previewPath: string): Promise<void> {
  const fileId = previewPath.slice('/files/'.length);
  const [owned] = await db
    .select({ fileId: userUploads.fileId })
    .from(userUploads)
    .where(and(eq(userUploads.userId, userId), eq(userUploads.fileId, fileId)))
    .limit(1);
  if (!owned) throw new AppError('BAD_REQUEST', MESSAGES.unknownPicture, { profilePicture: MESSAGES.unknownPicture });
  await db.update(users).set({ profilePicture: previewPath, updatedAt: new Date() }).where(eq(users.id, userId));
}
