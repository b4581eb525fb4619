import type { ProviderNameRule } from '../assertProviderToolNames.js';

/** OpenAI function names: `^[a-zA-Z0-9_-]{1,64}$`. */
export const OPENAI_NAME_RULE: ProviderNameRule = { provider: 'OpenAI', maxLength: 64, mustStartWithLetter: false };
