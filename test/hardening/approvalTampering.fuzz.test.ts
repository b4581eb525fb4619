import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  BasicToolExecutor,
  PermissionDecision,
  type ApprovalRequest,
  type JsonValue,
  type PermissionChecker,
  type ToolRequest,
} from '../../src/index.js';
import { createExecutor } from '../fixtures/createExecutor.js';
import { plainTool, TestRequest } from '../fixtures/plainTool.js';
import { getFuzzRuns, getFuzzTimeout } from './fixtures/fuzzRuns.js';

/**
 * Every field of an `ApprovalRequest` (ids, call, tool, session, turn, reason, binding, times,
 * each entry of `requests`), and the tool name, call id, session and input of the resumed
 * request, changed one at a time: the resume never runs the body. Then the untouched approval
 * still runs the untouched call, once: the tampered attempt consumed nothing, and the property
 * does not hold only because every resume fails.
 */
const ASK: PermissionChecker = { evaluate: () => PermissionDecision.requireApproval('a person must approve this') };

type Tampered = { readonly request: ToolRequest; readonly approval: ApprovalRequest };

/** One change, named after what it changes (that name is what fast-check prints for a counterexample). */
interface Mutation {
  readonly label: string;
  readonly apply: (request: ToolRequest, approval: ApprovalRequest) => Tampered;
}

function change(label: string, apply: Mutation['apply']): Mutation {
  return Object.assign({ label, apply }, { [fc.toStringMethod]: () => label });
}

const text = fc.string({ maxLength: 12 });
/** Anything a JSON field could be changed to: other strings, other types, nothing. */
const anyValue: fc.Arbitrary<JsonValue | undefined> = fc.oneof(
  text,
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<JsonValue>,
);
const isoTime = fc
  .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2100-01-01T00:00:00.000Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

const APPROVAL_FIELDS = [
  'id',
  'callId',
  'toolName',
  'sessionId',
  'turnId',
  'reason',
  'binding',
  'createdAt',
  'expiresAt',
] as const;

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** `approval` with `field` set to `value` (removed when `undefined`). */
function withField(approval: ApprovalRequest, field: string, value: unknown): ApprovalRequest {
  const copy = Object.entries(approval).filter(([key]) => key !== field);
  if (value !== undefined) copy.push([field, value]);
  return Object.fromEntries(copy) as unknown as ApprovalRequest;
}

const approvalField: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.constantFrom(...APPROVAL_FIELDS),
    fc.oneof(anyValue, isoTime, fc.constantFrom('write', 'other', 'session-2', 'call-2', 'x'.repeat(64))),
  )
  .map(([field, value]) =>
    change(`approval.${field} = ${JSON.stringify(value)}`, (request, approval) => ({
      request,
      approval: withField(approval, field, differs(value, approval[field]) ? value : `${approval[field]}-changed`),
    })),
  );

/** One entry of `requests` changed: a key set to another value, removed or added; the entry dropped or doubled; a new entry. */
const requestEntry: fc.Arbitrary<Mutation> = fc
  .tuple(
    fc.constantFrom('set', 'drop', 'double', 'add'),
    fc.constantFrom('kind', 'target', 'summary', 'metadata', 'extra'),
    anyValue,
  )
  .map(([how, key, value]) =>
    change(`approval.requests[0]: ${how} ${key} ${JSON.stringify(value)}`, (request, approval) => {
      const requests = approval.requests.map((entry) => ({ ...entry }));
      const first = requests[0] as Record<string, unknown>;
      if (how === 'set') first[key] = differs(value, first[key]) ? value : `${String(first[key])}-changed`;
      if (how === 'drop') requests.splice(0, 1);
      if (how === 'double') requests.push({ ...first } as never);
      if (how === 'add') requests.push({ ...first, target: `${String(first['target'])}-other` } as never);
      return { request, approval: { ...approval, requests: requests } };
    }),
  );

/** An extra key on the approval, or one of its keys removed. */
const approvalShape: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .tuple(
      text.filter(
        (key) => !(APPROVAL_FIELDS as readonly string[]).includes(key) && key !== 'requests' && key !== '__proto__',
      ),
      anyValue,
    )
    .map(([key, value]) =>
      change(`approval.${JSON.stringify(key)} added: ${JSON.stringify(value ?? null)}`, (request, approval) => ({
        request,
        approval: withField(approval, key, value ?? null),
      })),
    ),
  fc.constant(
    change('approval.requests removed', (request, approval) => ({
      request,
      approval: withField(approval, 'requests', undefined),
    })),
  ),
);

/** The resumed request changed: its tool (another one that exists, or none), call id, session or input. */
const resumedRequest: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom('other', 'missing').map((toolName) =>
    change(`request.toolName = ${toolName}`, (request, approval) => ({
      request: { ...request, toolName },
      approval,
    })),
  ),
  text.map((suffix) =>
    change(`request.callId += ${JSON.stringify(suffix)}`, (request, approval) => ({
      request: { ...request, callId: `${request.callId}${suffix || '-other'}` },
      approval,
    })),
  ),
  text.map((suffix) =>
    change(`request.sessionId += ${JSON.stringify(suffix)}`, (request, approval) => ({
      request: { ...request, sessionId: `${request.sessionId}${suffix || '-other'}` },
      approval,
    })),
  ),
  fc.tuple(fc.constantFrom('path', 'content', 'extra'), anyValue).map(([key, value]) =>
    change(`request.input.${key} = ${JSON.stringify(value)}`, (request, approval) => {
      const input = { ...(request.input as Record<string, JsonValue>) };
      if (value === undefined || !differs(value, input[key])) input[key] = `${JSON.stringify(input[key])}-changed`;
      else input[key] = value;
      return { request: { ...request, input }, approval };
    }),
  ),
);

const mutation = fc.oneof(approvalField, requestEntry, approvalShape, resumedRequest);
const baseInput = fc.record({
  path: fc.string({ minLength: 1, maxLength: 10 }),
  content: fc.string({ maxLength: 10 }),
});

const RUNS = getFuzzRuns(150);

describe(`${BasicToolExecutor.name}.executeApproved with a tampered approval or request (fuzzed)`, () => {
  it(
    'never runs the body for any single change, and the untouched approval still runs once afterwards',
    async () => {
      let call = 0;
      await fc.assert(
        fc.asyncProperty(baseInput, mutation, async (input, mutate) => {
          const tools = ['write', 'other'].map((name) =>
            plainTool({
              name,
              preflight: (request) => [
                new TestRequest('test.write', String((request.input as { path?: string }).path)),
              ],
            }),
          );
          const executor = createExecutor(tools, { permissions: ASK });
          const request: ToolRequest = {
            callId: `call-${++call}`,
            toolName: 'write',
            input,
            sessionId: 'session-1',
            turnId: 'turn-1',
            metadata: {},
          };
          const asked = await executor.execute(request);
          if (asked.status !== 'interrupted' || asked.interruption.type !== 'approval_required')
            throw new Error(`expected an approval, got ${JSON.stringify(asked)}`);
          const approval = JSON.parse(JSON.stringify(asked.interruption.approval)) as ApprovalRequest;
          const tampered = mutate.apply(request, approval);

          const outcome = await executor.executeApproved(tampered.request, tampered.approval);
          const refused =
            outcome.status === 'failed'
              ? { status: 'failed', code: outcome.error.code, invoked: outcome.invoked }
              : // A resumed request with another call id is another call: it asks for its own approval, and the one presented stays unused.
                {
                  status: outcome.status,
                  type: outcome.status === 'interrupted' ? outcome.interruption.type : undefined,
                  newCall: tampered.request.callId !== request.callId,
                };
          const ranAfterTampering = tools.map((tool) => tool.calls.length);
          const control = await executor.executeApproved(request, approval);

          expect({
            refused,
            ranAfterTampering,
            control: control.status,
            ranInAll: tools.map((tool) => tool.calls.length),
          }).toStrictEqual({
            refused:
              tampered.request.toolName === 'missing'
                ? { status: 'failed', code: 'not_found', invoked: false }
                : refused.status === 'interrupted'
                  ? { status: 'interrupted', type: 'approval_required', newCall: true }
                  : { status: 'failed', code: 'permission_denied', invoked: false },
            ranAfterTampering: [0, 0],
            control: 'completed',
            ranInAll: [1, 0],
          });
        }),
        { numRuns: RUNS },
      );
    },
    getFuzzTimeout(RUNS, 5),
  );
});
