// What the composition root uses of fault injection: the runtime member, the request hook, the control routes.
export { createFaults, type Faults, type StreamTap } from './faults.service.js';
export { installFaults } from './faults.hooks.js';
export { faultsAdminRoutes } from './faults.admin.js';
export { DISCONNECT_TYPES, type DisconnectType } from './faults.rules.js';
export { shareFaults } from './faults.shared.js';
