// Every migration, in order, in one list: each entry names its file once, the file holds the SQL.
// One set for both databases; a migration that must differ exports `{ sqlite, postgres }` instead of
// one string. Never edit an applied migration: add the next one, numbered after the last.
//
// `formerly`: the files were renumbered once (2026-11), when three numbers were each shared by two or
// three files (0002_*, 0003_*). A store migrated before then records the old id in aviary_migrations;
// migrate() counts `formerly` as applied and renames the record, so nothing runs twice and nothing is
// skipped. Keep these forever: a store may wake up after any number of releases. ADRs written before
// the renumbering cite the old numbers (0005_search is now 0008_search, and so on).
export type Migration = { id: string; formerly?: string; sql: string | { sqlite: string; postgres: string } };

export const MIGRATIONS: Migration[] = [
  { id: '0001_core', sql: (await import('./0001_core.js')).default },
  { id: '0002_oauth', sql: (await import('./0002_oauth.js')).default },
  { id: '0003_oauth_nonces', formerly: '0002_oauth_nonces', sql: (await import('./0003_oauth_nonces.js')).default },
  { id: '0004_posts', formerly: '0003_posts', sql: (await import('./0004_posts.js')).default },
  { id: '0005_posts_version', formerly: '0003_posts_version', sql: (await import('./0005_posts_version.js')).default },
  { id: '0006_users_cache', formerly: '0003_users_cache', sql: (await import('./0006_users_cache.js')).default },
  { id: '0007_webhooks', formerly: '0004_webhooks', sql: (await import('./0007_webhooks.js')).default },
  { id: '0008_search', formerly: '0005_search', sql: (await import('./0008_search.js')).default },
  { id: '0009_stream', formerly: '0006_stream', sql: (await import('./0009_stream.js')).default },
  {
    id: '0010_posts_partial_indexes',
    formerly: '0007_posts_partial_indexes',
    sql: (await import('./0010_posts_partial_indexes.js')).default,
  },
  {
    id: '0011_oauth_nonces_clustered',
    formerly: '0008_oauth_nonces_clustered',
    sql: (await import('./0011_oauth_nonces_clustered.js')).default,
  },
  {
    id: '0012_oauth_nonce_log',
    formerly: '0009_oauth_nonce_log',
    sql: (await import('./0012_oauth_nonce_log.js')).default,
  },
  {
    id: '0013_oauth_nonce_fingerprints',
    formerly: '0010_oauth_nonce_fingerprints',
    sql: (await import('./0013_oauth_nonce_fingerprints.js')).default,
  },
  { id: '0014_ads_campaign_management', sql: (await import('./0014_ads_campaign_management.js')).default },
  { id: '0015_ads_line_items_sort', sql: (await import('./0015_ads_line_items_sort.js')).default },
  { id: '0016_ads_media_library', sql: (await import('./0016_ads_media_library.js')).default },
  { id: '0017_ads_posts', sql: (await import('./0017_ads_posts.js')).default },
  { id: '0018_ads_cards', sql: (await import('./0018_ads_cards.js')).default },
  { id: '0019_ads_poll_vc_cards', sql: (await import('./0019_ads_poll_vc_cards.js')).default },
  { id: '0020_ads_line_items_wire', sql: (await import('./0020_ads_line_items_wire.js')).default },
  { id: '0022_ads_audiences', sql: (await import('./0022_ads_audiences.js')).default },
  { id: '0023_ads_do_not_reach', sql: (await import('./0023_ads_do_not_reach.js')).default },
  { id: '0024_ads_product_catalogs', sql: (await import('./0024_ads_product_catalogs.js')).default },
  { id: '0025_limits', sql: (await import('./0025_limits.js')).default },
  { id: '0027_news_notes_spaces', sql: (await import('./0027_news_notes_spaces.js')).default },
  { id: '0028_streams_compliance', sql: (await import('./0028_streams_compliance.js')).default },
  { id: '0029_chat', sql: (await import('./0029_chat.js')).default },
  { id: '0032_users_email_suspended', sql: (await import('./0032_users_email_suspended.js')).default },
  { id: '0033_outbox_notify', sql: (await import('./0033_outbox_notify.js')).default },
  {
    id: '0034_bookmark_folders_hidden_replies',
    sql: (await import('./0034_bookmark_folders_hidden_replies.js')).default,
  },
  { id: '0035_media_subtitles', sql: (await import('./0035_media_subtitles.js')).default },
  { id: '0036_cluster_shared', sql: (await import('./0036_cluster_shared.js')).default },
  { id: '0037_ads_audience_changes', sql: (await import('./0037_ads_audience_changes.js')).default },
  { id: '0038_ads_line_items_wire_text', sql: (await import('./0038_ads_line_items_wire_text.js')).default },
  { id: '0039_outbox_due_dropped', sql: (await import('./0039_outbox_due_dropped.js')).default },
  { id: '0040_users_accounts_generation', sql: (await import('./0040_users_accounts_generation.js')).default },
  { id: '0041_posts_author_originals', sql: (await import('./0041_posts_author_originals.js')).default },
  { id: '0042_outbox_notify_pending', sql: (await import('./0042_outbox_notify_pending.js')).default },
  { id: '0043_posts_edit_root_distinct', sql: (await import('./0043_posts_edit_root_distinct.js')).default },
  { id: '0044_outbox_notify_unclaimed', sql: (await import('./0044_outbox_notify_unclaimed.js')).default },
  { id: '0045_outbox_notify_lowest', sql: (await import('./0045_outbox_notify_lowest.js')).default },
  { id: '0046_search_beside', sql: (await import('./0046_search_beside.js')).default },
];
