// Advertiser business categories (no account in the path) and curated categories (seed "Accounts";
// notes §7): read-only catalogs.
import type { Deps } from '../../../deps.js';
import { required, type Spec } from '../../../http/input.js';
import { notFound } from '../kit/errors.js';
import type { AdsRouter } from '../kit/router.js';
import * as categories from './categories.service.js';
import { businessCategoryView, curatedCategoryView } from './categories.view.js';

// "a comma-separated list of two letter ISO country codes. Up to 200 IDs may be provided" (DOCS).
const COUNTRY_CODES: Spec<string[]> = {
  kind: 'ids',
  pattern: /^[A-Z]{2}$/,
  min: 1,
  max: 200,
  // Wording Aviary's, in the pattern of the real messages (notes §3.2).
  message: 'Expected an ISO 3166-1 alpha-2 country code, got "{v}" for country_codes',
};

export function categoriesRoutes(r: AdsRouter, _deps: Deps) {
  // The docs' example answers `next_cursor: null` here too, though the call takes no cursor.
  r.get('advertiser_business_categories', {}, async () => ({
    next_cursor: null,
    data: categories.businessCategories().map(businessCategoryView),
  }));
  // Only `country_codes` and `cursor` are documented (notes §7): no with_deleted, no with_total_count
  // (the total comes unasked).
  r.list(
    'accounts/:account_id/curated_categories',
    {
      sortable: categories.CURATED_SORTABLE,
      noDeleted: true,
      noTotalCount: true,
      params: { country_codes: required(COUNTRY_CODES) },
    },
    async (_ctx, p, q) => categories.listCuratedCategories(p.country_codes, q),
  );
  r.get('accounts/:account_id/curated_categories/:curated_category_id', {}, async (ctx) => {
    const id = ctx.path.curated_category_id!;
    // The real echo names the path parameter `id` here (DOCS example, notes §3.1).
    delete ctx.echo.curated_category_id;
    ctx.echo.id = id;
    const found = categories.curatedCategoryById(id);
    // Wording in the pattern of the real "Line Item gsmga was not found for Account xxxx" (notes §3.2).
    if (!found) throw notFound('Curated Category', id, ctx.account!.id, 'curated_category_id');
    return { data: curatedCategoryView(found) };
  });
}
