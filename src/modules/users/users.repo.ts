// Every SQL statement for the users table.
import type { Queryable } from '../../store/index.js';

export type UserRow = {
  id: string; username: string; username_lower: string; name: string; description: string; location: string | null;
  url: string | null; profile_image_url: string | null; verified: number; verified_type: string; protected: number; premium: number;
  password_hash: string | null; pinned_tweet_id: string | null; created_at: number;
  followers_count: number; following_count: number; tweet_count: number; listed_count: number; like_count: number; media_count: number;
};

export type NewUserRow = Pick<UserRow, 'id' | 'username' | 'name' | 'description' | 'location' | 'url' | 'profile_image_url' | 'verified' | 'protected' | 'premium' | 'password_hash' | 'created_at'>;

export const usersRepo = {
  async insert(db: Queryable, u: NewUserRow): Promise<void> {
    await db.run(
      `INSERT INTO users (id, username, username_lower, name, description, location, url, profile_image_url, verified, verified_type, protected, premium, password_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [u.id, u.username, u.username.toLowerCase(), u.name, u.description, u.location, u.url, u.profile_image_url,
        u.verified, u.verified ? 'blue' : 'none', u.protected, u.premium, u.password_hash, u.created_at],
    );
  },
  byId: (db: Queryable, id: string) => db.get<UserRow>('SELECT * FROM users WHERE id = ?', [id]),
  byUsername: (db: Queryable, username: string) => db.get<UserRow>('SELECT * FROM users WHERE username_lower = ?', [username.toLowerCase()]),
  list: (db: Queryable, limit: number) => db.all<UserRow>('SELECT * FROM users ORDER BY id LIMIT ?', [limit]),
};
