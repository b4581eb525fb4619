// agentkit-tools-core/redis: approval and credential stores on Redis, shared by processes and
// machines. Needs the `redis` package (node-redis v5 or v6), an optional peer dependency.
export { RedisApprovalStore } from './RedisApprovalStore.js';
export type { RedisApprovalStoreOptions } from './RedisApprovalStoreOptions.js';
export { RedisCredentialStore } from './RedisCredentialStore.js';
export type { RedisCredentialStoreOptions } from './RedisCredentialStoreOptions.js';
export type { RedisConnectOptions } from './RedisConnectOptions.js';
export type { RedisStoreClient } from './RedisStoreClient.js';
