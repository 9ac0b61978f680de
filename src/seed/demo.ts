// The demo dataset's fixed part: one app and the users public client test suites assume
// (user 12 `jack`, user 2244994945 `XDevelopers`), with credentials that survive reset and reseed.
// Keys are generated once per store and kept in aviary_settings, so the banner stays true. Then
// the generated part (dataset.ts): users, follow graph and posts of the last 7 days.
import { appView, createApp, findAppByConsumerKey, issueAccessToken, type AppView } from '../auth/index.js';
import type { Deps } from '../deps.js';
import { seedDemoAds } from '../modules/ads/index.js';
import { createUser, findUserById } from '../modules/users/index.js';
import { newBearerToken, newClientId, newConsumerKey, newSecret, alnum } from '../shared/secrets.js';
import { settingOnce } from '../store/settings.js';
import { seedDataset } from './dataset.js';

export type DemoCredentials = {
  app: AppView & { bearer_token: string; client_secret: string };
  user: { id: string; username: string; access_token: string; access_token_secret: string };
  /** @jack's production ads account (Ads API). */
  ads_account_id: string;
};

const DEMO_USERS = [
  {
    id: '12',
    username: 'jack',
    name: 'jack',
    description: 'no state is the best state',
    location: 'California',
    created_at: '2006-03-21T20:50:14.000Z',
  },
  {
    id: '2244994945',
    username: 'XDevelopers',
    name: 'Developers',
    description: 'The voice of the X Developer Platform',
    location: 'Internet',
    created_at: '2013-12-14T04:35:55.000Z',
  },
  {
    id: '783214',
    username: 'X',
    name: 'X',
    description: "what's happening?!",
    location: 'everywhere',
    created_at: '2007-02-20T14:35:54.000Z',
  },
];

async function demoSecrets(deps: Deps) {
  const json = await settingOnce(deps.db, 'demo_credentials', () =>
    JSON.stringify({
      consumer_key: newConsumerKey(),
      consumer_secret: newSecret(),
      bearer_token: newBearerToken(),
      client_id: newClientId(),
      client_secret: newSecret(),
      access_token: `12-${alnum(40)}`,
      access_token_secret: alnum(45),
    }),
  );
  return JSON.parse(json) as Record<
    | 'consumer_key'
    | 'consumer_secret'
    | 'bearer_token'
    | 'client_id'
    | 'client_secret'
    | 'access_token'
    | 'access_token_secret',
    string
  >;
}

/** Posts the demo dataset seeds by default (`aviary seed --posts N` for more). */
export const DEMO_POSTS = 5_000;

export async function seedDemo(deps: Deps, o: { posts?: number; users?: number } = {}): Promise<DemoCredentials> {
  const s = await demoSecrets(deps);
  for (const u of DEMO_USERS) {
    if (!(await findUserById(deps, u.id)))
      await createUser(deps, { ...u, verified: true, premium: true, created_at: Date.parse(u.created_at) });
  }
  const existing = await findAppByConsumerKey(deps, s.consumer_key);
  const app = existing
    ? appView(existing)
    : await createApp(
        deps,
        { name: 'Aviary Demo App', callback_urls: ['http://127.0.0.1/callback', 'http://localhost/callback'] },
        s,
      );
  if (!existing)
    await issueAccessToken(deps, existing ?? (await findAppByConsumerKey(deps, s.consumer_key))!, '12', undefined, {
      token: s.access_token,
      secret: s.access_token_secret,
    });
  await seedDataset(deps, { posts: o.posts ?? DEMO_POSTS, users: o.users });
  const adsAccountId = await seedDemoAds(deps);
  return {
    app: { ...app, bearer_token: s.bearer_token, client_secret: s.client_secret },
    user: { id: '12', username: 'jack', access_token: s.access_token, access_token_secret: s.access_token_secret },
    ads_account_id: adsAccountId,
  };
}
