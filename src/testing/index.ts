export { RecordingPermissionChecker, type RecordedEvaluation } from './RecordingPermissionChecker.js';
export { createToolRequest } from './createToolRequest.js';
export { runScriptedCalls, type ScriptedCall, type ScriptedCallRecord } from './runScriptedCalls.js';
export { getCompletedOutput } from './getCompletedOutput.js';
