// Issue #23: the outbox signal's `!` marks (migration 0042) now say "rows still to claim": pending
// and held by no one. A delivery row a writer hands to its own process's worker is written already
// locked for it (delivery/deliveries.ts `Handoff`), yet it marked its topic `!` all the same, and
// the delivery worker woke on every signal of its topics: on PostgreSQL each fan-out commit's
// signal cost every node's worker a claim that found nothing (1,315 empty claims in a 20 s streams
// run of bench:writes, bench/NOTES.md "eighteenth pass"). The worker now wakes on `!` only, as the
// fan-out does; a handed-over row whose holder dies is found when its lock lapses, by the worker's
// safety poll (MAX_IDLE_MS), as before. Source rows are never written locked: the fan-out's wakes
// are unchanged.
// The body stays on one line: migrate() splits scripts on a semicolon that ends a line.
export default {
  sqlite: '',
  postgres: `
CREATE OR REPLACE FUNCTION aviary_outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE topics text; pending text; BEGIN SELECT string_agg(DISTINCT topic, ','), string_agg(DISTINCT topic || '!', ',') FILTER (WHERE status = 'pending' AND locked_by IS NULL) INTO topics, pending FROM inserted; IF topics IS NOT NULL THEN PERFORM pg_notify('aviary:' || current_schema() || ':outbox', topics || coalesce(',' || pending, '')); END IF; RETURN NULL; END $$;
`,
};
