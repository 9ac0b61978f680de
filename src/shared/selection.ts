// What a request asked to see: the `*.fields` lists and `expansions`, as plain data. The HTTP layer
// parses it (http/v2-query.ts); services render with it. Absent parameters are empty lists.
export type Selection = {
  tweet: readonly string[];
  user: readonly string[];
  media: readonly string[];
  poll: readonly string[];
  place: readonly string[];
  list: readonly string[];
  dm_event: readonly string[];
  expansions: readonly string[];
};

export const EMPTY_SELECTION: Selection = {
  tweet: [],
  user: [],
  media: [],
  poll: [],
  place: [],
  list: [],
  dm_event: [],
  expansions: [],
};

/** Who is looking: the user of a user-context token, or nobody (app-only). */
export type Viewer = { userId: string | null; appId: string };

/** The user and app behind a user-context write; tier and permission drive the product rules. */
export type Actor = {
  userId: string;
  app: {
    id: string;
    name: string;
    tier: 'free' | 'basic' | 'pro' | 'pay-per-use' | 'enterprise';
    client_id: string;
    permission: string;
  };
};
