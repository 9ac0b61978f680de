// The media library (seed 001 "Creatives"; notes §9.6), addressed by media key.
import type { Deps } from '../../../deps.js';
import { oneOf, required, str } from '../../../http/input.js';
import type { AdsRouter } from '../kit/router.js';
import * as library from './media-library.service.js';

const A = 'accounts/:account_id';
/** Media keys are `<prefix>_<media id>` (notes §4). */
const MEDIA_KEY = str({ pattern: /^[0-9]{1,3}_[0-9]{1,19}$/ });
/** The PUT fields and their limits (seed 001); "" un-sets (notes §1). */
const FIELDS = {
  name: str({ max: 100 }),
  file_name: str({ max: 255 }),
  title: str({ max: 70 }),
  description: str({ max: 200 }),
  poster_media_key: str({ max: 24 }),
};

export function mediaLibraryRoutes(r: AdsRouter, deps: Deps) {
  // The seed's parameters for this list are count (default 20, 1 to 50), cursor, media_type and q only:
  // no sort_by, with_deleted or with_total_count. Entries are listed in the order they were added.
  r.list(
    `${A}/media_library`,
    {
      sortable: ['created_at'],
      count: { default: 20, max: 50 },
      noSort: true,
      noDeleted: true,
      noTotalCount: true,
      params: { media_type: oneOf(['GIF', 'IMAGE', 'VIDEO']), q: str({ min: 1, max: 255 }) },
    },
    (ctx, p, q) => library.listLibrary(deps, ctx.account!, p, q),
  );
  r.get(`${A}/media_library/:media_key`, {}, async (ctx) => ({
    data: await library.getLibraryMedia(deps, ctx.account!, ctx.path.media_key!),
  }));
  r.post(`${A}/media_library`, { params: { media_key: required(MEDIA_KEY), ...FIELDS } }, async (ctx, p) => ({
    data: await library.addLibraryMedia(deps, ctx.account!, ctx.caller.userId, p),
  }));
  r.put(`${A}/media_library/:media_key`, { params: FIELDS }, async (ctx, p) => ({
    data: await library.updateLibraryMedia(deps, ctx.account!, ctx.caller.userId, ctx.path.media_key!, p),
  }));
  r.delete(`${A}/media_library/:media_key`, {}, async (ctx) => ({
    data: await library.deleteLibraryMedia(deps, ctx.account!, ctx.path.media_key!),
  }));
}
