// Ads accounts: routes, and what the control API and the demo dataset use.
export { accountsRoutes } from './accounts.routes.js';
export { createAccount, FEATURE_KEYS } from './accounts.service.js';
export { grantAccess, addFeatures, updateAccount, hasFeature } from './accounts.repo.js';
export { accountView } from './accounts.view.js';
export { adsAccountsAdminRoutes } from './accounts.admin.js';
