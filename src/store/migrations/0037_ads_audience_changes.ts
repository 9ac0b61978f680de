// Custom audience users batches waiting to be processed (issue #19; docs/adr/0025). A users batch no
// longer writes its users into `ads_custom_audience_members` (migration 0022) in the request: ~61,700
// random keys into a 1.2 M-row b-tree dirtied nearly every page of it each batch (bench/NOTES.md
// 2026-11-24). The request appends its checked operations here instead, one row per request, in
// order (`seq`); processing merges every waiting row of an audience into 0022's tables at once, when
// the audience's processing ends on the service clock or when a read needs its members first
// (modules/ads/custom-audiences/custom-audiences.processing.ts). `body` is the change's stored form
// (custom-audiences.changes.ts): a sorted run of users for a request of Updates, the operations as
// sent otherwise.
//
// No data moves: members already stored stay where 0022 put them, and the table starts empty.
export default `
CREATE TABLE ads_custom_audience_changes (
  audience_id TEXT NOT NULL,
  seq BIGINT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (audience_id, seq)
);
`;
