// Snapshots of the whole state (issue #20, Deliver 5): the file, taking and loading it, and the control routes.
export { snapshotRoutes } from './snapshot.routes.js';
export { applyClock, replaceState, resumeAfterImport, snapshotOf } from './snapshot.runtime.js';
export { exportStore, importStore, loadSnapshot, takeSnapshot, type Loaded } from './snapshot.service.js';
export { readSnapshot, SnapshotError, type ClockState } from './snapshot.format.js';
