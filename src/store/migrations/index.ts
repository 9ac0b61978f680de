// Every migration, in order. One set for both databases; a migration that must differ exports
// `{ sqlite, postgres }` instead of one string. Never edit an applied migration: add the next one.
import core from './0001_core.js';
import oauth from './0002_oauth.js';
import oauthNonces from './0002_oauth_nonces.js';
import posts from './0003_posts.js';
import postsVersion from './0003_posts_version.js';
import usersCache from './0003_users_cache.js';
import webhooks from './0004_webhooks.js';
import search from './0005_search.js';
import stream from './0006_stream.js';
import postsPartialIndexes from './0007_posts_partial_indexes.js';
import noncesClustered from './0008_oauth_nonces_clustered.js';
import nonceLog from './0009_oauth_nonce_log.js';
import nonceFingerprints from './0010_oauth_nonce_fingerprints.js';
import adsCampaignManagement from './0014_ads_campaign_management.js';

export type Migration = { id: string; sql: string | { sqlite: string; postgres: string } };

export const MIGRATIONS: Migration[] = [
  { id: '0001_core', sql: core },
  { id: '0002_oauth', sql: oauth },
  { id: '0002_oauth_nonces', sql: oauthNonces },
  { id: '0003_posts', sql: posts },
  { id: '0003_posts_version', sql: postsVersion },
  { id: '0003_users_cache', sql: usersCache },
  { id: '0004_webhooks', sql: webhooks },
  { id: '0005_search', sql: search },
  { id: '0006_stream', sql: stream },
  { id: '0007_posts_partial_indexes', sql: postsPartialIndexes },
  { id: '0008_oauth_nonces_clustered', sql: noncesClustered },
  { id: '0009_oauth_nonce_log', sql: nonceLog },
  { id: '0010_oauth_nonce_fingerprints', sql: nonceFingerprints },
  { id: '0014_ads_campaign_management', sql: adsCampaignManagement },
];
