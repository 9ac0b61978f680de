// What the composition root uses of src/limits: the runtime member, the hooks, the usage endpoint and
// the control API.
export { createLimits, type LimitsState } from './limits.state.js';
export { installLimits } from './limits.hook.js';
export { limitsAdminRoutes } from './limits.admin.js';
export { usageRoutes } from './usage.routes.js';
export { shareOverrides } from './limits.overrides.js';
