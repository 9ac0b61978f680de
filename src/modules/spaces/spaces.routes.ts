// v2 Spaces: lookup, by creators, search, buyers and posts (SPEC getSpacesByIds, getSpacesById,
// getSpacesByCreatorIds, searchSpaces, getSpacesBuyers, getSpacesPosts). Thin.
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import type { AuthRule } from '../../http/auth.js';
import { actorOf, viewerOf } from '../../http/caller.js';
import { FIELD_ENUMS as F } from '../../http/field-enums.js';
import {
  ids,
  int,
  list,
  names,
  oneOf,
  readPath,
  readQuery,
  required,
  str,
  withDefault,
  type Query,
} from '../../http/input.js';
import { pageOf, paging, selectionOf, TWEET_SELECTION, USER_SELECTION } from '../../http/v2-query.js';
import { renderPostPage, renderUserPage } from '../hydrate/index.js';
import { timelineMeta, timelinePage } from '../posts/index.js';
import {
  lookupSpaces,
  requireSpace,
  searchSpaces,
  spaceBuyers,
  spacesByCreators,
  type SpaceSelection,
} from './spaces.service.js';

type Id = { Params: { id: string }; Querystring: Query };
/** SPEC SpaceId. */
const SPACE_ID = /^[a-zA-Z0-9]{1,13}$/;
const SCOPES = ['space.read', 'tweet.read', 'users.read'];
/** SPEC: app-only or OAuth 2.0 user context (OAuth 1.0a is not listed for Spaces). */
const READ: AuthRule = { schemes: ['app', 'oauth2-user'], scopes: SCOPES };
const SPACE_SELECTION = {
  'space.fields': list(F.SpaceFieldsParameter),
  expansions: list(F.SpaceExpansionsParameter),
  'user.fields': list(F.UserFieldsParameter),
  'topic.fields': list(F.TopicFieldsParameter),
};
type SelectionQuery = {
  'space.fields'?: string[];
  expansions?: string[];
  'user.fields'?: string[];
  'topic.fields'?: string[];
};
const spaceSelection = (q: SelectionQuery): SpaceSelection => ({
  space: q['space.fields'] ?? [],
  topic: q['topic.fields'] ?? [],
  users: selectionOf({ 'user.fields': q['user.fields'] ?? [], expansions: q.expansions ?? [] }),
});
const BY_IDS = { ids: required(names(SPACE_ID, { max: 100 })), ...SPACE_SELECTION };
const BY_CREATORS = { user_ids: required(ids({ max: 100 })), ...SPACE_SELECTION };
const SEARCH = {
  query: required(str({ min: 1, max: 2048 })),
  state: withDefault(oneOf(['live', 'scheduled', 'all']), 'all'),
  max_results: withDefault(int({ min: 1, max: 100 }), 100),
  ...SPACE_SELECTION,
};
const BUYERS = { ...paging(1, 100), ...USER_SELECTION };
const POSTS = { max_results: withDefault(int({ min: 1, max: 100 }), 100), ...TWEET_SELECTION };
const spaceId = (v: string) => readPath('id', v, str({ pattern: SPACE_ID }));

export function spacesRoutes(app: FastifyInstance, deps: Deps) {
  app.get<{ Querystring: Query }>('/2/spaces', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, BY_IDS);
    return lookupSpaces(deps, viewerOf(req), q.ids, spaceSelection(q));
  });
  app.get<{ Querystring: Query }>('/2/spaces/by/creator_ids', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, BY_CREATORS);
    return spacesByCreators(deps, viewerOf(req), q.user_ids, spaceSelection(q));
  });
  app.get<{ Querystring: Query }>('/2/spaces/search', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, SEARCH);
    return searchSpaces(deps, viewerOf(req), { ...q, max: q.max_results }, spaceSelection(q));
  });
  app.get<Id>('/2/spaces/:id', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, SPACE_SELECTION);
    return lookupSpaces(deps, viewerOf(req), [spaceId(req.params.id)], spaceSelection(q), true);
  });
  // SPEC getSpacesBuyers: OAuth 2.0 user context only.
  app.get<Id>(
    '/2/spaces/:id/buyers',
    { config: { auth: { schemes: ['oauth2-user'], scopes: SCOPES } } },
    async (req) => {
      const q = readQuery(req.query, BUYERS);
      const page = await spaceBuyers(deps, actorOf(req).userId, spaceId(req.params.id), pageOf(q, 100));
      return renderUserPage(deps, viewerOf(req), page.ids, page.meta, selectionOf(q));
    },
  );
  // The posts shared in a Space: those linking to it (…/i/spaces/<id>), newest first.
  app.get<Id>('/2/spaces/:id/tweets', { config: { auth: READ } }, async (req) => {
    const q = readQuery(req.query, POSTS);
    const s = await requireSpace(deps, spaceId(req.params.id));
    const page = { limit: q.max_results, position: null };
    const { rows } = await timelinePage(deps, 'space', s.id, page);
    const meta = timelineMeta(rows, false, page);
    return renderPostPage(
      deps,
      viewerOf(req),
      rows.map((r) => r.id),
      meta,
      selectionOf(q),
    );
  });
}
