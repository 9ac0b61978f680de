// Reposts are posts: the write path lives in posts; this module only routes (reposts.routes.ts).
