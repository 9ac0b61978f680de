// The demo dataset's Ads part (issue #17): @jack (user 12) owns a production ads account with a
// funding instrument, a campaign, two line items with targeting, and his first post promoted, so the
// SDKs work against Aviary with the banner's credentials and no set-up. Made through the same
// services as the API (rules checked, history recorded); made once per store, its id kept in settings.
import type { Deps } from '../../deps.js';
import { getSetting, putSetting } from '../../store/settings.js';
import { createAccount } from './accounts/index.js';
import { createCampaignInTx, writeCampaign } from './campaigns/index.js';
import { createFundingInstrument } from './funding-instruments/index.js';
import { accessOf, accountRow, type AdsAccount } from './kit/account.js';
import { createLineItem, lineItemSummaries } from './line-items/index.js';
import { createPromotedTweets } from './promoted-tweets/index.js';
import { createCriterion, LOCATIONS } from './targeting-criteria/index.js';

const JACK = '12';
/** jack's "just setting up my twttr" (the demo dataset's post 20). */
const FIRST_POST = '20';
const SETTING = 'demo_ads_account';

/** The demo ads account's id, made on first call. */
export async function seedDemoAds(deps: Deps): Promise<string> {
  const kept = await getSetting(deps.db, SETTING);
  if (kept && (await accountRow(deps.db, kept))) return kept;
  const row = await deps.db.tx((tx) =>
    createAccount(deps, tx, { ownerUserId: JACK, name: "jack's ads", sandbox: false, businessName: 'jack' }),
  );
  const account: AdsAccount = { ...row, permissions: (await accessOf(deps.db, row.id, JACK)) ?? [] };
  const w = { deps, account, userId: JACK, lineItemSummaries };
  const fi = await createFundingInstrument(deps, account.id, {
    type: 'CREDIT_CARD',
    currency: 'USD',
    start_time: deps.clock.now(),
    credit_limit_local_micro: 500_000_000,
  });
  const campaign = await writeCampaign(w, (tx) =>
    createCampaignInTx(w, tx, {
      funding_instrument_id: fi.id,
      name: 'Demo campaign',
      entity_status: 'ACTIVE',
      daily_budget_amount_local_micro: 50_000_000,
    }),
  );
  const common = { campaign_id: campaign.id, product_type: 'PROMOTED_TWEETS', placements: ['ALL_ON_TWITTER'] };
  const engagements = await createLineItem(w, {
    ...common,
    name: 'Engagements',
    objective: 'ENGAGEMENTS',
    bid_amount_local_micro: 1_500_000,
    entity_status: 'ACTIVE',
  });
  // A campaign's line items share one objective (notes §8.3).
  const reach = await createLineItem(w, {
    ...common,
    name: 'Engagements, paused',
    objective: 'ENGAGEMENTS',
    entity_status: 'PAUSED',
  });
  const us = LOCATIONS.find((l) => l.country_code === 'US' && l.location_type === 'COUNTRIES') ?? LOCATIONS[0]!;
  for (const [lineItem, type, value] of [
    [engagements.id, 'LOCATION', us.targeting_value],
    [engagements.id, 'BROAD_KEYWORD', 'twttr'],
    [reach.id, 'LOCATION', us.targeting_value],
  ] as const)
    await createCriterion(deps, account, JACK, {
      line_item_id: lineItem,
      targeting_type: type,
      targeting_value: value,
      operator_type: 'EQ',
    });
  await createPromotedTweets(deps, account, JACK, { line_item_id: engagements.id, tweet_ids: [FIRST_POST] });
  await putSetting(deps.db, SETTING, account.id);
  return account.id;
}
