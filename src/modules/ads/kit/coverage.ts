// Every Ads API endpoint of the seed (001, "Endpoints") and of the wire notes' §13 index, and whether
// Aviary serves it. The router refuses to mount a route missing here, adsRoutes answers 501 on every
// entry not mounted, a test checks that `done` says exactly what is mounted, and
// scripts/gen-ads-coverage.ts writes docs/ads-coverage.md from this table (moto's
// IMPLEMENTATION_COVERAGE.md). Paths are relative to the version segment.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Endpoint = { method: Method; path: string; group: string; done: boolean; note?: string };

const A = 'accounts/:account_id';
const e = (group: string, method: Method, path: string, done = false, note?: string): Endpoint => ({
  method,
  path,
  group,
  done,
  ...(note ? { note } : {}),
});

export const ENDPOINTS: readonly Endpoint[] = [
  // Accounts and their surroundings
  e('Accounts', 'GET', 'accounts', true),
  e('Accounts', 'GET', `${A}`, true),
  e('Accounts', 'POST', 'accounts', true, 'sandbox'),
  e('Accounts', 'PUT', `${A}`, true),
  e('Accounts', 'DELETE', `${A}`, true, 'sandbox'),
  e('Accounts', 'GET', `${A}/authenticated_user_access`, true),
  e('Accounts', 'GET', `${A}/account_apps`, true),
  e('Accounts', 'GET', `${A}/account_history`, true, 'beta: allow-listed accounts'),
  e('Accounts', 'GET', `${A}/features`, true),
  e('Accounts', 'POST', `${A}/features`, true, 'sandbox'),
  e('Accounts', 'DELETE', `${A}/features`, true, 'sandbox'),
  e('Accounts', 'GET', `${A}/promotable_users`, true),
  e('Accounts', 'GET', `${A}/promotable_users/:promotable_user_id`, true),
  e('Accounts', 'GET', 'advertiser_business_categories', true),
  e('Accounts', 'GET', `${A}/curated_categories`, true),
  e('Accounts', 'GET', `${A}/curated_categories/:curated_category_id`, true),
  // Funding instruments
  e('Funding instruments', 'GET', `${A}/funding_instruments`, true),
  e('Funding instruments', 'GET', `${A}/funding_instruments/:funding_instrument_id`, true),
  e('Funding instruments', 'POST', `${A}/funding_instruments`, true, 'sandbox'),
  e('Funding instruments', 'DELETE', `${A}/funding_instruments/:funding_instrument_id`, true, 'sandbox'),
  // Campaigns
  e('Campaigns', 'GET', `${A}/campaigns`, true),
  e('Campaigns', 'GET', `${A}/campaigns/:campaign_id`, true),
  e('Campaigns', 'POST', `${A}/campaigns`, true),
  e('Campaigns', 'PUT', `${A}/campaigns/:campaign_id`, true),
  e('Campaigns', 'DELETE', `${A}/campaigns/:campaign_id`, true),
  e('Campaigns', 'POST', 'batch/accounts/:account_id/campaigns', true),
  // Line items
  e('Line items', 'GET', `${A}/line_items`, true),
  e('Line items', 'GET', `${A}/line_items/:line_item_id`, true),
  e('Line items', 'POST', `${A}/line_items`, true),
  e('Line items', 'PUT', `${A}/line_items/:line_item_id`, true),
  e('Line items', 'DELETE', `${A}/line_items/:line_item_id`, true),
  e('Line items', 'POST', 'batch/accounts/:account_id/line_items', true),
  e('Line item curated categories', 'GET', `${A}/line_item_curated_categories`, true),
  e('Line item curated categories', 'GET', `${A}/line_item_curated_categories/:line_item_curated_category_id`, true),
  e('Line item curated categories', 'POST', `${A}/line_item_curated_categories`, true),
  e('Line item curated categories', 'PUT', `${A}/line_item_curated_categories/:line_item_curated_category_id`, true),
  e('Line item curated categories', 'DELETE', `${A}/line_item_curated_categories/:line_item_curated_category_id`, true),
  // Targeting
  e('Targeting criteria', 'GET', `${A}/targeting_criteria`, true),
  e('Targeting criteria', 'GET', `${A}/targeting_criteria/:targeting_criterion_id`, true),
  e('Targeting criteria', 'POST', `${A}/targeting_criteria`, true),
  e('Targeting criteria', 'DELETE', `${A}/targeting_criteria/:targeting_criterion_id`, true),
  e('Targeting criteria', 'POST', 'batch/accounts/:account_id/targeting_criteria', true),
  e('Targeting criteria', 'GET', 'targeting_criteria/locations', true),
  // Promoted posts
  e('Promoted posts', 'GET', `${A}/promoted_tweets`, true),
  e('Promoted posts', 'GET', `${A}/promoted_tweets/:promoted_tweet_id`, true),
  e('Promoted posts', 'POST', `${A}/promoted_tweets`, true),
  e('Promoted posts', 'DELETE', `${A}/promoted_tweets/:promoted_tweet_id`, true),
  e('Promoted posts', 'GET', `${A}/scheduled_promoted_tweets`, true),
  e('Promoted posts', 'GET', `${A}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`, true),
  e('Promoted posts', 'POST', `${A}/scheduled_promoted_tweets`, true),
  e('Promoted posts', 'DELETE', `${A}/scheduled_promoted_tweets/:scheduled_promoted_tweet_id`, true),
  // Creatives (issue: Ads API 2 of 3)
  e('Creatives', 'GET', `${A}/account_media`, true),
  e('Creatives', 'GET', `${A}/account_media/:account_media_id`, true),
  e('Creatives', 'DELETE', `${A}/account_media/:account_media_id`, true),
  e('Creatives', 'GET', `${A}/cards`, true),
  e('Creatives', 'POST', `${A}/cards`, true),
  e('Creatives', 'GET', `${A}/cards/:card_id`, true),
  e('Creatives', 'PUT', `${A}/cards/:card_id`, true),
  e('Creatives', 'DELETE', `${A}/cards/:card_id`, true),
  e('Creatives', 'DELETE', `${A}/cards/:card_type/:card_id`, true, 'legacy typed delete'),
  e('Creatives', 'GET', `${A}/cards/all`, true),
  e('Creatives', 'GET', `${A}/cards/all/:card_id`, true),
  e('Creatives', 'GET', `${A}/cards/poll`, true),
  e('Creatives', 'POST', `${A}/cards/poll`, true),
  e('Creatives', 'GET', `${A}/cards/poll/:card_id`, true),
  e('Creatives', 'DELETE', `${A}/cards/poll/:card_id`, true),
  e('Creatives', 'GET', `${A}/cards/video_conversation`, true),
  e('Creatives', 'POST', `${A}/cards/video_conversation`, true),
  e('Creatives', 'GET', `${A}/cards/video_conversation/:card_id`, true),
  e('Creatives', 'DELETE', `${A}/cards/video_conversation/:card_id`, true),
  e('Creatives', 'GET', `${A}/media_library`, true),
  e('Creatives', 'POST', `${A}/media_library`, true),
  e('Creatives', 'GET', `${A}/media_library/:media_key`, true),
  e('Creatives', 'PUT', `${A}/media_library/:media_key`, true),
  e('Creatives', 'DELETE', `${A}/media_library/:media_key`, true),
  e('Creatives', 'POST', `${A}/tweet`, true),
  e('Creatives', 'GET', `${A}/tweets`, true),
  e('Creatives', 'PUT', `${A}/tweets/:tweet_id/name`, true),
  e('Creatives', 'GET', `${A}/scheduled_tweets`, true),
  e('Creatives', 'POST', `${A}/scheduled_tweets`, true),
  e('Creatives', 'GET', `${A}/scheduled_tweets/:scheduled_tweet_id`, true),
  e('Creatives', 'PUT', `${A}/scheduled_tweets/:scheduled_tweet_id`, true),
  e('Creatives', 'DELETE', `${A}/scheduled_tweets/:scheduled_tweet_id`, true),
  e('Creatives', 'GET', `${A}/draft_tweets`, true),
  e('Creatives', 'POST', `${A}/draft_tweets`, true),
  e('Creatives', 'GET', `${A}/draft_tweets/:draft_tweet_id`, true),
  e('Creatives', 'PUT', `${A}/draft_tweets/:draft_tweet_id`, true),
  e('Creatives', 'DELETE', `${A}/draft_tweets/:draft_tweet_id`, true),
  e('Creatives', 'POST', `${A}/draft_tweets/preview/:draft_tweet_id`, true),
  // Audiences (issue: Ads API 3 of 3)
  e('Audiences', 'GET', `${A}/custom_audiences`, true),
  e('Audiences', 'POST', `${A}/custom_audiences`, true),
  e('Audiences', 'GET', `${A}/custom_audiences/:custom_audience_id`, true),
  e('Audiences', 'PUT', `${A}/custom_audiences/:custom_audience_id`, true),
  e('Audiences', 'DELETE', `${A}/custom_audiences/:custom_audience_id`, true),
  e('Audiences', 'POST', `${A}/custom_audiences/:custom_audience_id/users`, true),
  e('Audiences', 'GET', `${A}/custom_audiences/:custom_audience_id/targeted`, true),
  e('Audiences', 'GET', `${A}/tailored_audiences/:custom_audience_id/targeted`, true, "Ruby SDK's legacy path"),
  e('Audiences', 'GET', `${A}/custom_audiences/:custom_audience_id/permissions`, true),
  e('Audiences', 'POST', `${A}/custom_audiences/:custom_audience_id/permissions`, true),
  e('Audiences', 'DELETE', `${A}/custom_audiences/:custom_audience_id/permissions/:permission_id`, true),
  e('Audiences', 'GET', `${A}/tailored_audiences/:tailored_audience_id/permissions`, true, '/5/'),
  e('Audiences', 'POST', `${A}/tailored_audiences/:tailored_audience_id/permissions`, true, '/5/'),
  e(
    'Audiences',
    'DELETE',
    `${A}/tailored_audiences/:tailored_audience_id/permissions/:tailored_audience_permission_id`,
    true,
    '/5/',
  ),
  e('Audiences', 'GET', `${A}/do_not_reach_lists`, true),
  e('Audiences', 'POST', `${A}/do_not_reach_lists`, true),
  e('Audiences', 'DELETE', `${A}/do_not_reach_lists/:do_not_reach_list_id`, true),
  e('Audiences', 'POST', 'batch/accounts/:account_id/do_not_reach_lists/:do_not_reach_list_id/users', true),
  e('Audiences', 'GET', 'insights/keywords/search', true),
  // Product catalogs (early access)
  e('Product catalogs', 'GET', 'product_catalogs', true),
  e('Product catalogs', 'POST', 'product_catalogs', true),
  e('Product catalogs', 'PUT', 'product_catalogs/:product_catalog_id', true),
  e('Product catalogs', 'DELETE', 'product_catalogs/:product_catalog_id', true),
  e('Product catalogs', 'GET', 'product_catalogs/:product_catalog_id/products', true),
  e('Product catalogs', 'PUT', 'product_catalogs/:product_catalog_id/products', true),
  e('Product catalogs', 'DELETE', 'product_catalogs/:product_catalog_id/products', true),
  e('Product catalogs', 'POST', 'product_catalogs/:product_catalog_id/product_sets', true),
  e('Product catalogs', 'GET', 'product_catalogs/:product_catalog_id/product_sets/:product_set_id', true),
  e('Product catalogs', 'PUT', 'product_catalogs/:product_catalog_id/product_sets/:product_set_id', true),
  e('Product catalogs', 'DELETE', 'product_catalogs/:product_catalog_id/product_sets/:product_set_id', true),
];

/** The versions an endpoint is served under: /5/ for the tailored-audience permissions (seed). */
export function versionsOf(x: Endpoint): readonly ('12' | '11' | '5')[] {
  return x.note === '/5/' ? ['5'] : ['12', '11'];
}

/** docs/ads-coverage.md, made from the table. */
export function coverageMarkdown(): string {
  const done = ENDPOINTS.filter((x) => x.done).length;
  const lines = [
    '# Ads API coverage',
    '',
    '<!-- Generated by `npm run gen:ads-coverage` from src/modules/ads/kit/coverage.ts; a test keeps it in step. -->',
    '',
    `${done} of ${ENDPOINTS.length} endpoints of the Ads API v12 (the seed and the wire notes' index) are served.`,
    'Paths are served under `/12/` and `/11/` (`/5/` where marked); an endpoint not served yet answers',
    '501 `NOT_IMPLEMENTED` in the Ads error envelope.',
    '',
  ];
  let group = '';
  for (const x of ENDPOINTS) {
    if (x.group !== group) {
      group = x.group;
      lines.push(`## ${group}`, '', '| Endpoint | Status | Note |', '|---|---|---|');
    }
    lines.push(`| \`${x.method} ${x.path}\` | ${x.done ? 'done' : 'not yet'} | ${x.note ?? ''} |`);
    const next = ENDPOINTS[ENDPOINTS.indexOf(x) + 1];
    if (!next || next.group !== group) lines.push('');
  }
  return lines.join('\n');
}
