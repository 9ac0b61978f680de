// What modules may use of the delivery machinery.
export { sign, verify, crcResponseToken } from './signature.js';
export { runCrc, type CrcOutcome } from './crc.js';
export { checkUrlShape, refusePrivateHost } from './url-policy.js';
export { createDeliveryWorker, DELIVERY_TOPICS, type DeliveryPayload, type Settled, type Target } from './deliveries.js';
export { createPump, type Pump } from './pump.js';
export { deliveryRuntime, type DeliveryRuntime } from './runtime.js';
export { deliveryRepo, type AttemptRow } from './delivery.repo.js';
export { claimTopics } from './claim.js';
