// One contract for every Ads list endpoint (hono's common.case.test.ts, REVIEW.md §(e) rule 5): count
// bounds and default, a cursor walk that sees every row once and ends on null (never ""), with_deleted,
// with_total_count and its exclusion with cursor, sort_by both ways and an unknown attribute, csv vs
// repeated keys, `True` for true, and undeclared parameters ignored. Each row of LISTS says how to
// make rows of that list for a fresh advertiser; a new list endpoint is one more row.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { adsCall, newAdsAccount, newAdvertiser, type Advertiser } from '../support/ads.js';
import { fixtureCampaign, fixtureLineItem } from '../support/ads-fixtures.js';
import { addLibraryMedia, uploadMedia } from '../support/ads-media.js';
import { newCatalog, upsert, validProduct } from '../support/ads-products.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

type Made = {
  path: string;
  ids: string[];
  remove?: (id: string) => Promise<void>;
  idFilter?: string;
  /** Parameters every request of the list needs (targeting criteria: line_item_ids). */
  base?: Record<string, string>;
  /** The version segment the list is served under (v5 tailored audience permissions: '5'). */
  version?: string;
};
type ListCase = {
  name: string;
  count: { default: number; max: number };
  /** The rows' identifying field (default `id`; media library entries: `media_key`). */
  key?: string;
  /** Lists whose seed parameters are only count, cursor and filters (media library, seed 001). */
  noSortDeletedTotal?: boolean;
  /** Lists without with_total_count (cards, products: seed 001 "Creatives", "Product catalogs"). */
  noTotalCount?: boolean;
  /** Makes `n` rows for `who` and says where they are listed. */
  make(s: TestServer, who: Advertiser, n: number): Promise<Made>;
};

const LISTS: ListCase[] = [
  {
    name: 'accounts (sandbox accounts of one user)',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push((await adsCall(s, who, 'POST', 'accounts')).body.data[0].id);
      return {
        path: 'accounts',
        ids,
        idFilter: 'account_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `accounts/${id}`)),
      };
    },
  },
  {
    name: 'funding instruments (sandbox)',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await adsCall(s, who, 'POST', 'accounts')).body.data[0].id;
      const path = `accounts/${account}/funding_instruments`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          currency: 'USD',
          type: 'CREDIT_CARD',
          start_time: '2026-01-01',
        });
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        idFilter: 'funding_instrument_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'campaigns',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const fi = (
        await s.admin('POST', `/_aviary/ads/accounts/${account}/funding_instruments`, {
          type: 'CREDIT_CARD',
          currency: 'USD',
          start_time: '2026-01-01T00:00:00Z',
        })
      ).body.data.id;
      const path = `accounts/${account}/campaigns`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push((await adsCall(s, who, 'POST', path, { name: `c${i}`, funding_instrument_id: fi })).body.data.id);
      return {
        path,
        ids,
        idFilter: 'campaign_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'targeting criteria',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const lineItem = await fixtureLineItem(s, account);
      const path = `accounts/${account}/targeting_criteria`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          line_item_id: lineItem,
          targeting_type: 'BROAD_KEYWORD',
          targeting_value: `keyword${i}`,
        });
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        base: { line_item_ids: lineItem },
        idFilter: 'targeting_criterion_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'account apps',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await s.admin('POST', `/_aviary/ads/accounts/${account}/account_apps`, {
          app_store_identifier: `com.example.app${i}`,
          os_type: 'ANDROID',
        });
        ids.push(res.body.data.id);
      }
      return { path: `accounts/${account}/account_apps`, ids };
    },
  },
  {
    name: 'promoted posts',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const lineItem = await fixtureLineItem(s, account);
      const tweets: string[] = [];
      for (let i = 0; i < n; i++)
        tweets.push(
          (await s.admin('POST', '/_aviary/posts', { author_id: who.id, text: `promoted ${i} ${who.username}` })).body
            .data.id,
        );
      const path = `accounts/${account}/promoted_tweets`;
      const ids: string[] = [];
      for (const t of tweets)
        ids.push((await adsCall(s, who, 'POST', path, { line_item_id: lineItem, tweet_ids: t })).body.data[0].id);
      return {
        path,
        ids,
        idFilter: 'promoted_tweet_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'line items',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const campaign = await fixtureCampaign(s, account);
      const path = `accounts/${account}/line_items`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          campaign_id: campaign,
          objective: 'ENGAGEMENTS',
          product_type: 'PROMOTED_TWEETS',
          placements: 'ALL_ON_TWITTER',
          bid_amount_local_micro: 1_000_000 + i,
          name: `line item ${i}`,
        });
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        idFilter: 'line_item_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'media library (count 20, 1..50; no sort_by, with_deleted or with_total_count)',
    count: { default: 20, max: 50 },
    key: 'media_key',
    noSortDeletedTotal: true,
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) ids.push(await addLibraryMedia(s, who, account, 'image'));
      return { path: `accounts/${account}/media_library`, ids };
    },
  },
  {
    name: 'account media',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/account_media`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const media_key = await uploadMedia(s, who, 'image');
        const res = await s.admin('POST', `/_aviary/ads/accounts/${account}/account_media`, {
          media_key,
          creative_type: 'BANNER',
        });
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        idFilter: 'account_media_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    // Deletes are hard (DOCS "Poll Cards"): with_deleted finds nothing more, so no `remove`.
    name: 'poll cards',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/cards/poll`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          name: `poll ${i}`,
          duration_in_minutes: 60,
          first_choice: 'yes',
          second_choice: 'no',
        });
        ids.push(res.body.data.id);
      }
      return { path, ids, idFilter: 'card_ids' };
    },
  },
  {
    // Deletes are hard (DOCS "Video Conversation Cards"): with_deleted finds nothing more, so no `remove`.
    name: 'video conversation cards',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const video = await addLibraryMedia(s, who, account, 'video');
      const path = `accounts/${account}/cards/video_conversation`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          name: `card ${i}`,
          first_cta: '#yes',
          first_cta_tweet: 'yes',
          thank_you_text: 'thanks',
          title: 'Which?',
          media_key: video,
        });
        ids.push(res.body.data.id);
      }
      return { path, ids, idFilter: 'card_ids' };
    },
  },
  {
    name: 'cards (count 100, 1..200; no with_total_count)',
    count: { default: 100, max: 200 },
    noTotalCount: true,
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const key = await addLibraryMedia(s, who, account, 'image');
      const path = `accounts/${account}/cards`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const json = {
          name: `card ${i}`,
          components: [
            { type: 'MEDIA', media_key: key },
            { type: 'DETAILS', title: 't', destination: { type: 'WEBSITE', url: 'https://example.com' } },
          ],
        };
        ids.push((await adsCall(s, who, 'POST', path, {}, { json })).body.data.id);
      }
      return {
        path,
        ids,
        idFilter: 'card_id',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    name: 'scheduled posts',
    count: { default: 100, max: 200 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/scheduled_tweets`;
      const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const at = new Date(now + (i + 1) * 3_600_000).toISOString();
        const res = await adsCall(s, who, 'POST', path, { as_user_id: who.id, text: `s${i}`, scheduled_at: at });
        ids.push(res.body.data.id);
      }
      return { path, ids };
    },
  },
  {
    name: 'draft posts',
    count: { default: 100, max: 200 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/draft_tweets`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push((await adsCall(s, who, 'POST', path, { as_user_id: who.id, text: `d${i}` })).body.data.id);
      return { path, ids };
    },
  },
  {
    name: 'scheduled promoted posts',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const lineItem = await fixtureLineItem(s, account);
      const now = Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
      const scheduled = await adsCall(s, who, 'POST', `accounts/${account}/scheduled_tweets`, {
        as_user_id: who.id,
        text: 'later',
        scheduled_at: new Date(now + 86_400_000).toISOString(),
      });
      const path = `accounts/${account}/scheduled_promoted_tweets`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await adsCall(s, who, 'POST', path, {
          line_item_id: lineItem,
          scheduled_tweet_id: scheduled.body.data.id,
        });
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        idFilter: 'scheduled_promoted_tweet_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  {
    // One live list per account (notes §10.4): the rows are lists made and deleted in turn, the last
    // one live, and every request reads with with_deleted=true.
    name: 'do-not-reach lists',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/do_not_reach_lists`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        ids.push((await adsCall(s, who, 'POST', path, { description: `list ${i}` })).body.data.id);
        if (i < n - 1) await adsCall(s, who, 'DELETE', `${path}/${ids[i]}`);
      }
      return { path, ids, base: { with_deleted: 'true' } };
    },
  },
  {
    name: 'custom audiences',
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const account = (await newAdsAccount(s, who)).id;
      const path = `accounts/${account}/custom_audiences`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++)
        ids.push((await adsCall(s, who, 'POST', path, { name: `audience ${i}` })).body.data.id);
      return {
        path,
        ids,
        idFilter: 'custom_audience_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`)),
      };
    },
  },
  ...(['12', '5'] as const).map((version): ListCase => ({
    name: `custom audience permissions (v${version})`,
    count: { default: 200, max: 1000 },
    async make(s, who, n) {
      const owner = (await newAdsAccount(s, who, { business_id: 'contract' })).id;
      const audience = (await adsCall(s, who, 'POST', `accounts/${owner}/custom_audiences`, { name: 'shared' })).body
        .data.id;
      const kind = version === '5' ? 'tailored_audiences' : 'custom_audiences';
      const path = `accounts/${owner}/${kind}/${audience}/permissions`;
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const granted = (await newAdsAccount(s, who, { business_id: 'contract' })).id;
        const res = await adsCall(
          s,
          who,
          'POST',
          path,
          { granted_account_id: granted, permission_level: 'READ_ONLY' },
          { version },
        );
        ids.push(res.body.data.id);
      }
      return {
        path,
        ids,
        version,
        idFilter: version === '5' ? 'tailored_audience_permission_ids' : 'custom_audience_permission_ids',
        remove: async (id) => void (await adsCall(s, who, 'DELETE', `${path}/${id}`, {}, { version })),
      };
    },
  })),
  {
    name: 'products of a catalog',
    count: { default: 100, max: 100 },
    noTotalCount: true,
    async make(s, who, n) {
      const catalog = await newCatalog(s, who);
      const made = await upsert(
        s,
        who,
        catalog,
        Array.from({ length: n }, (_, i) => validProduct(`p${i}`)),
      );
      return { path: `product_catalogs/${catalog}/products`, ids: made.map((x) => x.id!) };
    },
  },
];

const idsOf = (res: { body: any }, key = 'id') => (res.body.data as Array<Record<string, string>>).map((x) => x[key]!);

forEachStore('Ads API: the list contract', (store) => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ store });
  });
  after(() => s.close());

  for (const list of LISTS) {
    test(`${list.name}: count, cursor walk, sort, deleted, total count, csv and repeated keys`, async () => {
      const who = await newAdvertiser(s);
      const made = await list.make(s, who, 5);
      const get = (params: Record<string, any> = {}) =>
        adsCall(s, who, 'GET', made.path, { ...made.base, ...params }, { version: made.version });
      const keysOf = (res: { body: any }) => idsOf(res, list.key);

      // count bounds and default
      for (const count of [0, list.count.max + 1, 'x']) {
        const res = await get({ count });
        assert.equal(res.status, 400, `count=${count}`);
        assert.equal(res.body.errors[0].code, 'INVALID_PARAMETER');
        assert.equal(res.body.errors[0].parameter, 'count');
      }
      const all = await get();
      assert.equal(all.status, 200);
      assert.deepEqual(keysOf(all).sort(), [...made.ids].sort());
      assert.equal(all.body.next_cursor, null);
      assert.ok(!('total_count' in all.body));

      // a cursor walk sees every row once and ends on null, never ""
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: any = await get({ count: 2, ...(cursor ? { cursor } : {}) });
        assert.equal(page.status, 200);
        assert.ok(page.body.data.length <= 2);
        seen.push(...keysOf(page));
        cursor = page.body.next_cursor;
        assert.notEqual(cursor, '');
        pages++;
      } while (cursor);
      assert.equal(pages, 3);
      assert.deepEqual(seen.sort(), [...made.ids].sort());
      const badCursor = await get({ cursor: 'nonsense' });
      assert.equal(badCursor.status, 400);
      assert.equal(badCursor.body.errors[0].parameter, 'cursor');

      if (!list.noSortDeletedTotal) {
        // sort both ways; an unknown attribute names sort_by
        const asc = keysOf(await get({ sort_by: 'created_at-asc' }));
        const desc = keysOf(await get({ sort_by: 'created_at-desc' }));
        assert.deepEqual(desc, [...asc].reverse());
        const unknown = await get({ sort_by: 'no_such_attribute-asc' });
        assert.equal(unknown.status, 400);
        assert.equal(unknown.body.errors[0].parameter, 'sort_by');

        // with_total_count, exclusive with cursor
        if (!list.noTotalCount) {
          const total = await get({ with_total_count: true, count: 1 });
          assert.equal(total.body.total_count, made.ids.length);
          const both = await get({ with_total_count: true, cursor: total.body.next_cursor });
          assert.equal(both.status, 400);
          assert.equal(both.body.errors[0].code, 'EXCLUSIVE_PARAMETERS');
        } else {
          const ignored = await get({ with_total_count: true, count: 1 });
          assert.equal(ignored.status, 200);
          assert.ok(!('total_count' in ignored.body));
        }
      } else {
        // the seed gives this list none of them: they are ignored like any undeclared parameter
        const ignored = await get({ sort_by: 'no_such_attribute-asc', with_total_count: true });
        assert.equal(ignored.status, 200);
        assert.ok(!('total_count' in ignored.body));
      }

      // csv and repeated keys read alike
      if (made.idFilter) {
        const pick = made.ids.slice(0, 2);
        const base = new URLSearchParams(made.base ?? {}).toString();
        const csv = await adsCall(
          s,
          who,
          'GET',
          `${made.path}?${base ? base + '&' : ''}${made.idFilter}=${pick.join(',')}`,
          {},
          { version: made.version },
        );
        const repeated = await get({ [made.idFilter]: pick });
        assert.deepEqual(keysOf(csv).sort(), [...pick].sort());
        assert.deepEqual(keysOf(repeated).sort(), [...pick].sort());
        assert.deepEqual(repeated.body.request.params[made.idFilter], pick);
      }

      // undeclared parameters are ignored, as the SDKs add some
      assert.equal((await get({ no_such_parameter: 'x' })).status, 200);

      // with_deleted, and True for true
      if (made.remove) {
        await made.remove(made.ids[0]!);
        assert.ok(!keysOf(await get()).includes(made.ids[0]!));
        for (const flag of [true, 'true', 'TRUE']) {
          const withDeleted = await get({ with_deleted: flag });
          assert.ok(keysOf(withDeleted).includes(made.ids[0]!), `with_deleted=${flag}`);
        }
      }
    });
  }
});
