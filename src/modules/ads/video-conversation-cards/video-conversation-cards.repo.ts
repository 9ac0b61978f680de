// Every SQL statement of video conversation cards (ads_video_conversation_cards, migration 0019).
import type { Queryable } from '../../../store/index.js';
import { insertObject } from '../../../store/insert.js';
import { accountRows, listRows, type AccountRowsFilter, type ListSql } from '../kit/list-sql.js';
import type { ListQuery } from '../kit/list.js';

export type VideoConversationCardRow = {
  id: string;
  account_id: string;
  card_uri: string;
  name: string;
  title: string | null;
  first_cta: string;
  first_cta_tweet: string;
  second_cta: string | null;
  second_cta_tweet: string | null;
  third_cta: string | null;
  third_cta_tweet: string | null;
  fourth_cta: string | null;
  fourth_cta_tweet: string | null;
  thank_you_text: string;
  thank_you_url: string | null;
  media_key: string;
  media_url: string | null;
  poster_media_key: string | null;
  poster_media_url: string | null;
  video_owner_id: string;
  video_width: string | null;
  video_height: string | null;
  unlocked_image_media_key: string | null;
  unlocked_video_media_key: string | null;
  created_at: number;
  updated_at: number;
};

// Cards sort by created_at, updated_at, deleted, name (notes §4). Deletes are hard (DOCS), so every
// stored card is live and `deleted` sorts as the constant it is.
const SORT = { created_at: 'created_at', updated_at: 'updated_at', deleted: '0', name: 'name' };

export type VideoConversationCardFilter = AccountRowsFilter;

function listSql(f: VideoConversationCardFilter): ListSql {
  return {
    select: 'SELECT * FROM ads_video_conversation_cards',
    ...accountRows(f),
    sortExpr: SORT,
    deletedColumn: null,
  };
}

export async function listVideoConversationCards(db: Queryable, f: VideoConversationCardFilter, q: ListQuery) {
  return listRows<VideoConversationCardRow>(db, listSql(f), q);
}

export async function videoConversationCardById(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<VideoConversationCardRow | undefined> {
  return db.get<VideoConversationCardRow>(
    'SELECT * FROM ads_video_conversation_cards WHERE account_id = ? AND id = ?',
    [accountId, id],
  );
}

export async function videoConversationCardByUri(
  db: Queryable,
  accountId: string,
  uri: string,
): Promise<VideoConversationCardRow | undefined> {
  return db.get<VideoConversationCardRow>(
    'SELECT * FROM ads_video_conversation_cards WHERE account_id = ? AND card_uri = ?',
    [accountId, uri],
  );
}

export async function insertVideoConversationCard(db: Queryable, row: VideoConversationCardRow): Promise<void> {
  await insertObject(db, 'ads_video_conversation_cards', row);
}

export async function deleteVideoConversationCard(db: Queryable, id: string): Promise<void> {
  await db.run('DELETE FROM ads_video_conversation_cards WHERE id = ?', [id]);
}
