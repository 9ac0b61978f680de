// Ads cards made by `POST accounts/:account_id/cards` (seed 001 "Card"; notes §9.4). Ids are numeric
// strings from the service's snowflakes, as the real v12 card ids are (`1321554298900107264`, notes
// §4), with `card_uri` `card://<id>`. The components (or the slides of a multi-destination carousel)
// are JSON TEXT as answered, enrichment included; nothing filters inside them. `card_type` is derived
// from them and filtered on; `card_uri` is looked up by `cards/all`.
export default `
CREATE TABLE ads_cards (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL,
  name TEXT NOT NULL,
  card_type TEXT NOT NULL,
  card_uri TEXT NOT NULL,
  components TEXT,
  slides TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX ads_cards_account ON ads_cards (account_id, id);
CREATE INDEX ads_cards_created ON ads_cards (account_id, created_at, id);
CREATE UNIQUE INDEX ads_cards_uri ON ads_cards (card_uri);
`;
