import { GalleryItem, Like, Transformation, Video, type EntityManager } from '@atelier/db';
import { PURCHASE_REASON } from '../payments/fulfil';

export interface AccountStats {
  imagesCreated: number;
  videosCreated: number;
  creditsSpent: number;
  creditsBought: number;
  itemsPublished: number;
  likesReceived: number;
}

interface CreditTotals {
  spent: number | string | null;
  bought: number | string | null;
}

/** Spent: settled debits (holds in flight are not spent yet). Bought: purchases, not offers. */
async function creditTotals(em: EntityManager, userId: number): Promise<{ spent: number; bought: number }> {
  const [row] = (await em.getConnection().execute(
    `select sum(case when type = 'debit' then amount else 0 end) as spent,
            sum(case when type = 'credit' and reason = ? then amount else 0 end) as bought
       from credit_entries where user_id = ? and status = 'settled'`,
    [PURCHASE_REASON, userId],
    'all',
  )) as CreditTotals[];
  // MySQL returns SUM as a decimal string, and SUM over no rows as null.
  return { spent: Number(row?.spent ?? 0), bought: Number(row?.bought ?? 0) };
}

/** What one account has made and earned, counted from the records themselves. */
export async function accountStats(em: EntityManager, userId: number): Promise<AccountStats> {
  const [imagesCreated, videosCreated, itemsPublished, likesReceived, credits] = await Promise.all([
    em.count(Transformation, { owner: userId, status: 'succeeded' }),
    em.count(Video, { owner: userId, status: 'ready' }),
    em.count(GalleryItem, { owner: userId, isPublic: true }),
    em.count(Like, { item: { owner: userId } }),
    creditTotals(em, userId),
  ]);
  return {
    imagesCreated,
    videosCreated,
    creditsSpent: credits.spent,
    creditsBought: credits.bought,
    itemsPublished,
    likesReceived,
  };
}
