// Every SQL statement of what the Ads API keeps beside a post (ads_tweets): its name, card and
// conversation settings, and the video call to action given with POST tweet.
import type { Queryable } from '../../../store/index.js';

export type AdsTweetRow = {
  tweet_id: string;
  account_id: string;
  name: string | null;
  card_uri: string | null;
  conversation_settings: string | null;
  video: string | null;
  created_at: number;
  updated_at: number;
};

export async function insertAdsTweet(db: Queryable, r: AdsTweetRow): Promise<void> {
  await db.run(
    `INSERT INTO ads_tweets (tweet_id, account_id, name, card_uri, conversation_settings, video, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [r.tweet_id, r.account_id, r.name, r.card_uri, r.conversation_settings, r.video, r.created_at, r.updated_at],
  );
}

/** Names a post; a post not made through the Ads API gets its row here. */
export async function setName(db: Queryable, tweetId: string, accountId: string, name: string, at: number) {
  await db.run(
    `INSERT INTO ads_tweets (tweet_id, account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (tweet_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
    [tweetId, accountId, name, at, at],
  );
}

export async function adsTweetsByIds(db: Queryable, ids: readonly string[]): Promise<AdsTweetRow[]> {
  if (ids.length === 0) return [];
  return db.all<AdsTweetRow>(`SELECT * FROM ads_tweets WHERE tweet_id IN (${ids.map(() => '?').join(', ')})`, [...ids]);
}
