import { buildNotFoundError } from '../buildNotFoundError.js';
import { failure } from '../failure.js';
import { CONTINUE, defineStep } from './ExecutorStep.js';

/** The tool the request names, in the registry the executor has now; an unknown name lists what exists. */
export const lookUp = defineStep('lookUp', (call) => {
  const { registry } = call.services;
  const entry = registry.getEntry(call.request.toolName);
  if (entry === undefined) return failure(buildNotFoundError(call.request.toolName, registry.names()), false);
  call.entry = entry;
  return CONTINUE;
});
