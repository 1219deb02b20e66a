import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { playlistItems } from '../../db/schema';

/** Renumbers a playlist's items 0..n-1 in their current order (after a removal). */
export async function densifyOrders(db: Db, playlistId: number): Promise<void> {
  await db.execute(sql`
    update ${playlistItems} set "order" = ranked.rn
    from (select id, (row_number() over (order by "order", id) - 1)::int as rn from ${playlistItems} where playlist_id = ${playlistId}) ranked
    where ${playlistItems.id} = ranked.id`);
}
