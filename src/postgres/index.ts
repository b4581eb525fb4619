// agentkit-tools-core/postgres: approval and credential stores in PostgreSQL tables, shared by
// processes and machines. Needs the `pg` package, an optional peer dependency.
export { PostgresApprovalStore } from './PostgresApprovalStore.js';
export type { PostgresApprovalStoreOptions } from './PostgresApprovalStoreOptions.js';
export { PostgresCredentialStore } from './PostgresCredentialStore.js';
export type { PostgresCredentialStoreOptions } from './PostgresCredentialStoreOptions.js';
export type { PostgresConnectOptions } from './PostgresConnectOptions.js';
export type { PostgresQueryable } from './PostgresQueryable.js';
