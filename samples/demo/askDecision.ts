import { select } from '@inquirer/prompts';
import type { PendingCall } from '../../src/index.js';
import type { Decision } from './Decision.js';

/** Asks the person at the terminal what to do with a call waiting for approval. Ctrl-C stops (the run stays resumable). */
export async function askDecision(pending: PendingCall): Promise<Decision> {
  try {
    return await select<Decision>({
      message: `Approve ${pending.request.toolName}?`,
      choices: [
        { name: 'Approve (run it once)', value: 'approve' },
        { name: 'Reject (the model is told you said no)', value: 'reject' },
        { name: 'Stop here (resume later with --resume)', value: 'stop' },
      ],
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') return 'stop';
    throw error;
  }
}
