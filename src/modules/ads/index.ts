// The Ads API (X Ads API v12, served under /12/, /11/ and /5/): the kit in kit/, one folder per
// resource. adsRoutes mounts every resource through the kit's router, answers 501 on the endpoints
// of the table not served yet, and checks callers before routing.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { callerOf } from '../../http/auth.js';
import { Problem, problems } from '../../shared/problems.js';
import { accountAppsRoutes, adsAccountAppsAdminRoutes } from './account-apps/index.js';
import { accountMediaRoutes, adsAccountMediaAdminRoutes } from './account-media/index.js';
import { accountHistoryRoutes } from './account-history/index.js';
import { adsTweetsRoutes } from './ads-tweets/index.js';
import { accountsRoutes, adsAccountsAdminRoutes } from './accounts/index.js';
import { audiencePermissionsRoutes } from './audience-permissions/index.js';
import { campaignsRoutes } from './campaigns/index.js';
import { cardsRoutes } from './cards/index.js';
import { adsFundingInstrumentsAdminRoutes, fundingInstrumentsRoutes } from './funding-instruments/index.js';
import { categoriesRoutes } from './categories/index.js';
import { customAudiencesRoutes, startAudienceProcessing } from './custom-audiences/index.js';
import { doNotReachListsRoutes } from './do-not-reach-lists/index.js';
import { draftTweets, draftTweetsRoutes } from './draft-tweets/index.js';
import { ENDPOINTS, versionsOf } from './kit/coverage.js';
import { adsError } from './kit/errors.js';
import { keywordInsightsRoutes } from './keyword-insights/index.js';
import { adsRouter } from './kit/router.js';
import { lineItemCuratedCategoriesRoutes } from './line-item-curated-categories/index.js';
import { lineItemsRoutes, lineItemSummaries, lineItemsWithCampaigns } from './line-items/index.js';
import { mediaLibraryRoutes } from './media-library/index.js';
import { pollCardFinder, pollCardsRoutes } from './poll-cards/index.js';
import { productCatalogsRoutes } from './product-catalogs/index.js';
import { productSetsRoutes } from './product-sets/index.js';
import { productsRoutes } from './products/index.js';
import { promotableUsersRoutes } from './promotable-users/index.js';
import { promotedTweetsRoutes } from './promoted-tweets/index.js';
import { onScheduledTweetPublished, scheduledPromotedTweetsRoutes } from './scheduled-promoted-tweets/index.js';
import {
  createScheduledTweetTimers,
  scheduledTweetsRoutes,
  startScheduledTweets,
  waitingTweets,
} from './scheduled-tweets/index.js';
import { lineItemIdsTargeting, targetingCriteriaRoutes } from './targeting-criteria/index.js';
import { videoConversationCardFinder, videoConversationCardsRoutes } from './video-conversation-cards/index.js';

const ADS_PATH = /^\/(12|11|5)(\/|$)/;

/** The path the router matched, else the decoded request path (so `/1%32/…` is an Ads path too). */
function pathOf(req: FastifyRequest): string {
  if (req.routeOptions.url) return req.routeOptions.url;
  const raw = req.url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * OAuth 1.0a user context only (notes §2), checked before routing: an unknown Ads path without valid
 * credentials is 401, not 404. Every failure of the credentials answers the one observed body,
 * 401 UNAUTHORIZED_ACCESS "This request is not properly authenticated". The check runs once the body
 * is parsed (preValidation, which Fastify runs for unknown routes too): a form body's fields are part
 * of the signature (twurl -d, notes §1), so they must be there when it is verified.
 */
function adsAuth(app: FastifyInstance, deps: Deps) {
  app.addHook('preValidation', async (req) => {
    if (!ADS_PATH.test(pathOf(req))) return;
    req.adsEcho = {};
    let caller;
    try {
      caller = await callerOf(deps, req);
    } catch (err) {
      if (err instanceof Problem && err.status < 500) throw problems.unauthorized();
      throw err;
    }
    if (!caller || caller.kind !== 'oauth1-user') throw problems.unauthorized();
    req.caller = caller;
  });
}

export function adsRoutes(app: FastifyInstance, deps: Deps) {
  adsAuth(app, deps);
  const r = adsRouter(app, deps);
  accountsRoutes(r, deps);
  fundingInstrumentsRoutes(r, deps);
  campaignsRoutes(r, deps, lineItemSummaries);
  accountAppsRoutes(r, deps);
  accountHistoryRoutes(r, deps);
  promotableUsersRoutes(r, deps);
  targetingCriteriaRoutes(r, deps);
  promotedTweetsRoutes(r, deps);
  categoriesRoutes(r, deps);
  lineItemsRoutes(r, deps);
  lineItemCuratedCategoriesRoutes(r, deps);
  mediaLibraryRoutes(r, deps);
  accountMediaRoutes(r, deps);
  cardsRoutes(r, deps, [pollCardFinder, videoConversationCardFinder]);
  pollCardsRoutes(r, deps);
  videoConversationCardsRoutes(r, deps);
  productCatalogsRoutes(r, deps);
  productsRoutes(r, deps);
  productSetsRoutes(r, deps);
  // GET tweets lists drafts and scheduled posts too; those resources hand their readers in here.
  adsTweetsRoutes(r, deps, { DRAFT: draftTweets, SCHEDULED: waitingTweets });
  scheduledTweetsRoutes(r, deps);
  draftTweetsRoutes(r, deps);
  scheduledPromotedTweetsRoutes(r, deps);
  doNotReachListsRoutes(r, deps);
  keywordInsightsRoutes(r, deps);
  // `targeted` lists the line items whose criteria name the audience: two resources' reads, composed here.
  customAudiencesRoutes(r, deps, async (db, accountId, audienceId) =>
    lineItemsWithCampaigns(
      db,
      accountId,
      await lineItemIdsTargeting(db, accountId, ['CUSTOM_AUDIENCE', 'CUSTOM_AUDIENCE_EXPANDED'], audienceId),
    ),
  );
  audiencePermissionsRoutes(r, deps);

  // What the table says is served must be exactly what is mounted.
  const mounted = r.mounted();
  for (const x of ENDPOINTS) {
    const key = `${x.method} ${x.path}`;
    if (x.done !== mounted.has(key)) throw new Error(`Ads endpoint table out of step: ${key} done=${x.done}`);
    if (x.done) continue;
    for (const version of versionsOf(x)) {
      app.route({
        method: x.method,
        url: `/${version}/${x.path}`,
        handler: async () => {
          throw adsError('NOT_IMPLEMENTED', `${x.method} /${version}/${x.path} is not served by Aviary yet`);
        },
      });
    }
  }
}

/**
 * The scheduled posts' publisher (Runtime `scheduledTweets`, made by main.ts): what else happens in a
 * publishing transaction is composed here, where both resources are known (scheduled promoted posts
 * get their tweet_id and a promoted post).
 */
export const createAdsScheduledTweets = () => createScheduledTweetTimers([onScheduledTweetPublished]);
export { startScheduledTweets, startAudienceProcessing };

/** The control API's Ads routes (registered in the control scope, behind the admin token). */
export function adsAdminRoutes(app: FastifyInstance, deps: Deps) {
  adsAccountsAdminRoutes(app, deps);
  adsFundingInstrumentsAdminRoutes(app, deps);
  adsAccountAppsAdminRoutes(app, deps);
  adsAccountMediaAdminRoutes(app, deps);
}
export { seedDemoAds } from './ads.demo.js';
