/** setTimeout's largest delay: the longest deadline a tool or a call may set. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
