// Factories for the people and apps of a test: users with unique names, and user-context tokens of
// an app of a given tier, minted through the control API (README, Control API).
import { uniqueName, type TestServer } from './server.js';

export const ALL_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'follows.read',
  'follows.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'mute.read',
  'mute.write',
  'bookmark.read',
  'bookmark.write',
  'dm.read',
  'dm.write',
  'media.write',
  'offline.access',
];

export type TestUser = { id: string; username: string; name: string };

export async function newUser(s: TestServer, over: Record<string, unknown> = {}): Promise<TestUser> {
  const username = uniqueName('p');
  const res = await s.admin('POST', '/_aviary/users', { username, name: `Name ${username}`, ...over });
  if (res.status !== 201) throw new Error(`user creation failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export type AppOptions = { tier?: string; permission?: string };

export async function newApp(
  s: TestServer,
  o: AppOptions = {},
): Promise<{ id: string; bearer_token: string; client_id: string }> {
  const res = await s.admin('POST', '/_aviary/apps', {
    name: uniqueName('app'),
    tier: o.tier ?? 'enterprise',
    permission: o.permission ?? 'read-write-dm',
  });
  if (res.status !== 201) throw new Error(`app creation failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** `Bearer <OAuth 2.0 user token>` for `userId` on a fresh app (or `appId`). */
export async function userToken(
  s: TestServer,
  userId: string,
  o: AppOptions & { scopes?: string[]; appId?: string } = {},
): Promise<string> {
  const appId = o.appId ?? (await newApp(s, o)).id;
  const res = await s.admin('POST', `/_aviary/apps/${appId}/oauth2-tokens`, {
    user_id: userId,
    scopes: o.scopes ?? ALL_SCOPES,
  });
  if (res.status !== 201) throw new Error(`token creation failed: ${JSON.stringify(res.body)}`);
  return `Bearer ${res.body.data.access_token}`;
}

/** A post by `authorId` created through the control API (no tier rules). */
export async function adminPost(
  s: TestServer,
  authorId: string,
  body: Record<string, unknown>,
): Promise<{ id: string; text: string }> {
  const res = await s.admin('POST', '/_aviary/posts', { author_id: authorId, ...body });
  if (res.status !== 201) throw new Error(`post creation failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}
