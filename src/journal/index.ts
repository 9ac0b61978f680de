// What the composition root uses of the request journal: the runtime member, the hooks, the control routes.
export { createJournal, type Journal } from './journal.runtime.js';
export { installJournal } from './journal.hooks.js';
export { journalAdminRoutes } from './journal.admin.js';
export { shareJournal } from './journal.shared.js';
