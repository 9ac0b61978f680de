// The two fixed catalogs the Ads API reads line item categories from. Neither real catalog is public
// in full, so Aviary ships these samples; nothing writes to them.

export type BusinessCategory = { id: string; name: string; iab_categories: readonly string[] };

/**
 * Advertiser business categories (seed "Advertiser business category"): Aviary's sample catalog, the
 * 16 entries of the example response of GET advertiser_business_categories in xdevplatform/docs
 * (x-ads-api/campaign-management/reference.mdx, "Advertiser Business Categories"); the live catalog
 * is not public. Each IAB category belongs to one business category at most.
 */
export const BUSINESS_CATEGORIES: readonly BusinessCategory[] = [
  {
    id: '1jl',
    name: 'Consumer Packaged Goods',
    iab_categories: [
      'IAB9-26',
      'IAB9-18',
      'IAB9-29',
      'IAB9-1',
      'IAB9-8',
      'IAB9-22',
      'IAB6',
      'IAB9-5',
      'IAB9-12',
      'IAB9-11',
      'IAB9-23',
      'IAB9-14',
      'IAB4',
      'IAB9-25',
      'IAB9-17',
      'IAB23',
      'IAB9-24',
      'IAB9-13',
      'IAB16',
      'IAB9-4',
      'IAB9-9',
      'IAB9-20',
      'IAB22',
      'IAB9-28',
      'IAB9-27',
      'IAB9-16',
      'IAB9-31',
      'IAB9-3',
      'IAB9-19',
      'IAB10',
      'IAB9-2',
      'IAB9-6',
      'IAB9-21',
      'IAB9-10',
      'IAB9-15',
    ],
  },
  { id: '1jm', name: 'Health & Pharma', iab_categories: ['IAB7'] },
  { id: '1jn', name: 'Alcohol', iab_categories: ['IAB8-5', 'IAB8-18'] },
  {
    id: '1jo',
    name: 'Dining',
    iab_categories: [
      'IAB8-10',
      'IAB8-8',
      'IAB8-7',
      'IAB8-15',
      'IAB8-3',
      'IAB8-4',
      'IAB8-1',
      'IAB8-16',
      'IAB8-12',
      'IAB8-13',
      'IAB8-17',
      'IAB8-11',
      'IAB8-6',
      'IAB8-9',
      'IAB8-2',
      'IAB8-14',
    ],
  },
  { id: '1jp', name: 'Financial Services', iab_categories: ['IAB3', 'IAB13', 'IAB21'] },
  { id: '1jq', name: 'Retail', iab_categories: ['IAB18'] },
  { id: '1jr', name: 'Travel', iab_categories: ['IAB20'] },
  { id: '1js', name: 'Gaming', iab_categories: ['IAB9-30'] },
  {
    id: '1jt',
    name: 'Technology',
    iab_categories: [
      'IAB19-22',
      'IAB19-13',
      'IAB19-4',
      'IAB19-33',
      'IAB19-26',
      'IAB19-3',
      'IAB19-16',
      'IAB19-9',
      'IAB19-32',
      'IAB19-25',
      'IAB19-30',
      'IAB19-36',
      'IAB19-21',
      'IAB5',
      'IAB19-12',
      'IAB19-28',
      'IAB19-17',
      'IAB19-8',
      'IAB19-7',
      'IAB19-24',
      'IAB15',
      'IAB19-11',
      'IAB19-31',
      'IAB19-20',
      'IAB19-15',
      'IAB19-1',
      'IAB19-35',
      'IAB19-29',
      'IAB19-34',
      'IAB19-23',
      'IAB19-2',
      'IAB19-5',
      'IAB19-14',
      'IAB19-27',
      'IAB19-10',
      'IAB19-19',
    ],
  },
  { id: '1ju', name: 'Telecommunication', iab_categories: ['IAB19-6', 'IAB19-18'] },
  { id: '1jv', name: 'Auto', iab_categories: ['IAB2'] },
  {
    id: '1jw',
    name: 'Media & Entertainment',
    iab_categories: [
      'IAB14-8',
      'IAB14-4',
      'IAB1-5',
      'IAB14-7',
      'IAB1-7',
      'IAB17',
      'IAB14-3',
      'IAB1-1',
      'IAB12',
      'IAB1-6',
      'IAB25-1',
      'IAB1-2',
      'IAB14-2',
      'IAB14-6',
      'IAB1-3',
      'IAB1-4',
      'IAB14-5',
    ],
  },
  { id: '1jx', name: 'Politics', iab_categories: ['IAB11-4'] },
  { id: '1jy', name: 'Gambling', iab_categories: ['IAB9-7'] },
  { id: '1jz', name: 'Dating', iab_categories: ['IAB14-1'] },
  { id: '1k0', name: 'Non-Profit', iab_categories: ['IAB11-1', 'IAB11-2', 'IAB11-3', 'IAB11-5'] },
];

export type CuratedCategory = {
  id: string;
  name: string;
  description: string;
  country_codes: readonly string[];
  publisher_user_ids: readonly string[];
  videos_monetized_in_last_thirty_days: number;
  /** ISO 8601, as the wire shows it. */
  created_at: string;
  updated_at: string;
};

// The demo dataset's users (src/seed): jack, XDevelopers, X. Curated categories name publishers by
// user id (notes §7); the sample points at users every Aviary has.
const JACK = '12';
const XDEVELOPERS = '2244994945';
const X = '783214';

/**
 * Curated categories (seed "Curated category", notes §7): Aviary's sample catalog, not the real one
 * (which is not public and differs by country). The first US entries keep the ids, names and
 * descriptions of the docs' example response (xdevplatform/docs campaign-management/reference.mdx,
 * "Curated Categories"); their publishers are the demo users; the rest are made up in the same style.
 */
export const CURATED_CATEGORIES: readonly CuratedCategory[] = [
  {
    id: '929wbl6ymlfk',
    name: 'Basketball',
    description:
      'Run next to the best of everyday basketball content including college teams, professional teams, and the top sports media handles sharing on and off-season basketball video.',
    country_codes: ['US'],
    publisher_user_ids: [JACK, XDEVELOPERS, X],
    videos_monetized_in_last_thirty_days: 2446,
    created_at: '2019-11-08T21:12:47Z',
    updated_at: '2021-03-09T20:36:44Z',
  },
  {
    id: '94ngssfrr01x',
    name: 'Gaming Personalities',
    description:
      'Run next to the best of everyday gaming content exclusively from a list of some of online gaming’s biggest and most loved digital creators.',
    country_codes: ['US'],
    publisher_user_ids: [XDEVELOPERS],
    videos_monetized_in_last_thirty_days: 448,
    created_at: '2019-12-02T20:45:12Z',
    updated_at: '2021-03-09T20:18:13Z',
  },
  {
    id: '8tujg1lvi8sn',
    name: 'Football',
    description:
      'Run next to the best of everyday football content including college teams, professional teams, and the top sports media handles sharing on and off-season football video.',
    country_codes: ['US'],
    publisher_user_ids: [JACK, X],
    videos_monetized_in_last_thirty_days: 254,
    created_at: '2019-08-15T20:48:51Z',
    updated_at: '2021-03-09T20:34:13Z',
  },
  {
    id: '8tujl1p3yn0g',
    name: 'Women’s Culture + Lifestyle',
    description:
      'Run next to content from a set of handles curated based on their follower profiles to help you reach a majority female audience, including some of the top handles sharing pop culture, news, and lifestyle content.',
    country_codes: ['US'],
    publisher_user_ids: [X],
    videos_monetized_in_last_thirty_days: 1365,
    created_at: '2019-08-15T20:50:24Z',
    updated_at: '2021-03-09T20:17:53Z',
  },
  {
    id: '9ddrgesiap6o',
    name: 'Soccer',
    description:
      'Run next to the best of everyday soccer content including college teams, professional teams, and the top sports media handles sharing major soccer coverage.',
    country_codes: ['US', 'GB'],
    publisher_user_ids: [JACK, XDEVELOPERS, X],
    videos_monetized_in_last_thirty_days: 421,
    created_at: '2020-02-28T22:43:26Z',
    updated_at: '2021-01-26T17:54:55Z',
  },
  {
    id: 'a1c8kq2m7xwb',
    name: 'Premier League Matchday',
    description: 'Run next to match highlights and analysis from clubs and football media handles in the UK.',
    country_codes: ['GB'],
    publisher_user_ids: [X],
    videos_monetized_in_last_thirty_days: 812,
    created_at: '2021-08-02T09:00:00Z',
    updated_at: '2022-05-30T12:00:00Z',
  },
  {
    id: 'a1c8kr0d3ysn',
    name: 'Tech Explained',
    description: 'Run next to product launches, developer news and explainers from technology handles.',
    country_codes: ['US', 'GB', 'CA'],
    publisher_user_ids: [XDEVELOPERS, JACK],
    videos_monetized_in_last_thirty_days: 377,
    created_at: '2021-09-14T17:30:00Z',
    updated_at: '2022-06-01T08:15:00Z',
  },
  {
    id: 'a1c8ks9v1gth',
    name: 'Hockey Night',
    description: 'Run next to the best of everyday hockey content from teams, leagues and sports media in Canada.',
    country_codes: ['CA'],
    publisher_user_ids: [JACK],
    videos_monetized_in_last_thirty_days: 296,
    created_at: '2021-10-05T15:00:00Z',
    updated_at: '2022-04-11T10:45:00Z',
  },
  {
    id: 'a1c8ktf2q8zc',
    name: 'アニメ & ゲーム',
    description: 'Run next to anime and gaming video from publishers and creators in Japan.',
    country_codes: ['JP'],
    publisher_user_ids: [XDEVELOPERS, X],
    videos_monetized_in_last_thirty_days: 1021,
    created_at: '2022-01-20T03:00:00Z',
    updated_at: '2022-07-19T06:20:00Z',
  },
  {
    id: 'a1c8kuxn5r2d',
    name: 'Futebol',
    description: 'Run next to match coverage and highlights from Brazilian clubs and sports media handles.',
    country_codes: ['BR'],
    publisher_user_ids: [X, JACK],
    videos_monetized_in_last_thirty_days: 934,
    created_at: '2022-02-07T13:00:00Z',
    updated_at: '2022-08-22T18:05:00Z',
  },
];
