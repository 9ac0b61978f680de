// Small key/value bookkeeping that survives reset: the generated admin token, the demo credentials.
import type { Queryable } from './db.js';

export async function getSetting(db: Queryable, key: string): Promise<string | undefined> {
  return (await db.get<{ value: string }>('SELECT value FROM aviary_settings WHERE key = ?', [key]))?.value;
}

export async function putSetting(db: Queryable, key: string, value: string): Promise<void> {
  await db.run(
    'INSERT INTO aviary_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    [key, value],
  );
}

/** Returns the stored value, creating it with make() the first time. */
export async function settingOnce(db: Queryable, key: string, make: () => string): Promise<string> {
  const existing = await getSetting(db, key);
  if (existing !== undefined) return existing;
  await db.run('INSERT INTO aviary_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', [key, make()]);
  return (await getSetting(db, key))!;
}
