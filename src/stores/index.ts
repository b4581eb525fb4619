// agentkit-tools-core/stores: approval and credential stores that outlive the process.
export { FileApprovalStore } from './FileApprovalStore.js';
export type { FileApprovalStoreOptions } from './FileApprovalStoreOptions.js';
export { FileCredentialStore } from './FileCredentialStore.js';
export type { FileCredentialStoreOptions } from './FileCredentialStoreOptions.js';
