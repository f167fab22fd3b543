import type { Audience } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { dbInt, queryRows } from '../../db/rows.js';
import { boughtSql } from '../orders/reads.js';

/** What one order line of the subscriber `s` must match for the audience (a category, a size). */
function boughtWhere(audience: Audience): SQL | null {
  if (audience.kind === 'category') {
    return sql`exists (select 1 from products p where p.id = i.product_id and p.category_id = ${Number(audience.value)})`;
  }
  if (audience.kind === 'size') return sql`i.size = ${audience.value ?? ''}`;
  return null;
}

/**
 * The subscribers (`newsletter_subscribers s`) a campaign may reach: subscribed, not on the
 * suppression list, and of its audience (a language; or an address that bought in a category or
 * a size, by the order's address or its account's). sendMarketing asks consent again right before
 * each mail.
 */
export function audienceWhere(audience: Audience): SQL {
  const reachable = sql`s.status = 'subscribed' and not exists (select 1 from mail_suppressions m where m.email = s.email)`;
  if (audience.kind === 'language') return sql`${reachable} and s.lang = ${audience.value ?? ''}`;
  const line = boughtWhere(audience);
  if (!line) return reachable;
  return sql`${reachable} and ${boughtSql(sql`s.email`, line)}`;
}

/** How many subscribers the audience reaches now (the editor shows it before sending). */
export async function audienceSize(db: Db | Tx, audience: Audience): Promise<number> {
  const [row] = await queryRows(
    db,
    z.object({ count: dbInt }),
    sql`select count(*) as count from newsletter_subscribers s where ${audienceWhere(audience)}`,
  );
  return row?.count ?? 0;
}
