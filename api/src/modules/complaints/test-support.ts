import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../db/schema.js';
import type { TestApp } from '../../test/app.js';
import { bearer } from '../../test/factories.js';
import { multipart } from '../../test/uploads.js';
import { placedOrder } from '../withdrawals/test-support.js';

/** A complaint (a repair asked) about the first line of a cash-on-delivery order delivered now. */
export async function complaintOnDelivered(t: Pick<TestApp, 'app' | 'db'>, description: string) {
  const placed = await placedOrder(t);
  await t.db
    .update(orders)
    .set({ fulfilment: 'delivered', deliveredAt: new Date() })
    .where(eq(orders.id, placed.orderId));
  const body = await multipart({ orderItemId: placed.lines[0]!.id, description, remedy: 'repair' });
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${placed.orderId}/complaints`,
    headers: { ...bearer(placed.user), ...body.headers },
    payload: body.payload,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { placed, complaint: answer.json().complaint as { id: number; number: string; dueAt: string } };
}
