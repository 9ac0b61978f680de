// Issue #23 (ADR 0020): every outbox row a write makes, and every claim and settle of it, also kept
// `outbox_due (status, available_at)` up to date, and no query reads through it any more: each of
// them names its topics, so `outbox_claim (topic, status, available_at)` serves them. One index
// fewer on the table every post, like, follow and delivery writes.
export default `
DROP INDEX IF EXISTS outbox_due;
`;
