import { type ApprovalConsumeResult, type ApprovalRequest, type ApprovalStore } from '../index.js';
import { assertKnownKeys } from '../internal/index.js';
import { buildStoreFault, isApprovalRecord } from '../kernel/index.js';
import { connectRedisClient } from './connectRedisClient.js';
import type { RedisApprovalStoreOptions } from './RedisApprovalStoreOptions.js';
import type { RedisConnectOptions } from './RedisConnectOptions.js';
import { defineRedisScript, runRedisScript } from './runRedisScript.js';
import type { RedisStoreClient } from './RedisStoreClient.js';
import { readRedisStoreOptions } from './readRedisStoreOptions.js';

const SUBJECT = 'RedisApprovalStore';
/** Records are kept this long past their expiry (Redis TTL), so that "expired" and "already used" can still be told apart. */
const RETENTION_AFTER_EXPIRY_MS = 60 * 60 * 1000;

/** Records the approval unless its key exists (an id is issued once); Redis deletes it an hour after it expires. */
const ISSUE = defineRedisScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'approval', ARGV[1], 'expiresAt', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[3])
return 1
`);

/** The record's approval and expiry, or nil when the key is missing or is not a record. */
const GET = defineRedisScript(`
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then return false end
return redis.call('HMGET', KEYS[1], 'approval', 'expiresAt')
`);

/**
 * Marks the record used, atomically: { answer, approval, expiresAt }. Expiry is decided by the
 * server's clock (TIME), one clock for every process that shares the store.
 */
const CONSUME = defineRedisScript(`
if redis.call('TYPE', KEYS[1])['ok'] ~= 'hash' then return {'unknown'} end
local f = redis.call('HMGET', KEYS[1], 'approval', 'expiresAt', 'used')
local expiresAt = tonumber(f[2])
if not f[1] or not expiresAt then return {'unknown'} end
if f[3] then return {'already_used', f[1], f[2]} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if now > expiresAt then return {'expired', f[1], f[2]} end
redis.call('HSET', KEYS[1], 'used', t[1])
return {'consumed', f[1], f[2]}
`);

/**
 * An {@link ApprovalStore} on Redis, for approvals resumed by any of several processes or
 * machines. One hash per approval (`<prefix>approval:<id>`: the approval as JSON, its expiry, and
 * when it was used). `consume` is one Lua script, so of processes racing to consume the same
 * approval exactly one gets `consumed` and the others `already_used`. Expiry is enforced by the
 * store too: the script refuses an approval past its `expiresAt` by the Redis server's clock,
 * and Redis deletes the record an hour later (TTL). A record that is not one the store wrote
 * (another type, a field missing, JSON that is not this approval) is never honoured: `get`
 * answers `undefined` and `consume` `unknown`. A command that fails (server down, connection
 * lost) throws, and the executor then runs nothing: the call ends `unavailable`.
 */
export class RedisApprovalStore implements ApprovalStore {
  readonly #client: RedisStoreClient;
  readonly #keyPrefix: string;
  #close: () => Promise<void>;

  public constructor(options: RedisApprovalStoreOptions) {
    const settings = readRedisStoreOptions(SUBJECT, options);
    this.#client = settings.client;
    this.#keyPrefix = settings.keyPrefix;
    this.#close = () => Promise.resolve();
  }

  /**
   * A store on a client it creates and owns (closed by {@link RedisApprovalStore.close}). Throws
   * when the server cannot be reached within `connectTimeoutMs`, or `redis` is not installed.
   */
  public static async connect(url: string, options: RedisConnectOptions = {}): Promise<RedisApprovalStore> {
    assertKnownKeys(options, ['keyPrefix', 'connectTimeoutMs'], `${SUBJECT}.connect(url, options)`);
    const owned = await connectRedisClient(SUBJECT, url, options.connectTimeoutMs);
    const store = new RedisApprovalStore({
      client: owned.client,
      ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
    });
    store.#close = owned.close;
    return store;
  }

  /** Records an approval the executor just issued. */
  public async issue(approval: ApprovalRequest): Promise<void> {
    const { id, expiresAt } = approval;
    const expiresAtMs = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN;
    if (typeof id !== 'string' || id === '' || !Number.isFinite(expiresAtMs)) {
      throw new TypeError(`${SUBJECT}.issue needs an approval with a string id and an ISO 8601 expiresAt.`);
    }
    const args = [JSON.stringify(approval), String(expiresAtMs), String(expiresAtMs + RETENTION_AFTER_EXPIRY_MS)];
    const created = await this.#run('record an approval', () =>
      runRedisScript(this.#client, ISSUE, this.#key(id), args),
    );
    if (created !== 1)
      throw new Error(`${SUBJECT} already holds an approval with id ${JSON.stringify(id)}; an id is issued once.`);
  }

  /** The issued approval with this id, used or not, or `undefined`. */
  public async get(id: string): Promise<ApprovalRequest | undefined> {
    if (typeof id !== 'string' || id === '') return undefined;
    const reply = await this.#run('read an approval', () => runRedisScript(this.#client, GET, this.#key(id), []));
    return Array.isArray(reply) ? readRecord(reply[0], reply[1], id) : undefined;
  }

  /** Marks the approval used; atomic across processes: exactly one caller gets `consumed`. */
  public async consume(id: string): Promise<ApprovalConsumeResult> {
    if (typeof id !== 'string' || id === '') return 'unknown';
    const reply = await this.#run('consume an approval', () =>
      runRedisScript(this.#client, CONSUME, this.#key(id), []),
    );
    const [answer, json, expiresAt] = Array.isArray(reply) ? (reply as unknown[]) : [];
    // A damaged record is never reported used or consumed: it was not an approval of ours.
    if (readRecord(json, expiresAt, id) === undefined) return 'unknown';
    if (answer === 'consumed' || answer === 'already_used') return answer;
    return 'unknown';
  }

  /** Closes the client if the store made it ({@link RedisApprovalStore.connect}); a client the host passed in stays open. */
  public close(): Promise<void> {
    return this.#close();
  }

  #key(id: string): string {
    return `${this.#keyPrefix}approval:${id}`;
  }

  async #run(action: string, step: () => Promise<unknown>): Promise<unknown> {
    try {
      return await step();
    } catch (thrown) {
      throw buildStoreFault(SUBJECT, action, thrown);
    }
  }
}

/** The approval in a record's fields, if they are whole and agree with each other. */
function readRecord(json: unknown, expiresAt: unknown, id: string): ApprovalRequest | undefined {
  if (typeof json !== 'string' || typeof expiresAt !== 'string') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (!isApprovalRecord(value, id)) return undefined;
  const approval = value as ApprovalRequest;
  return Date.parse(approval.expiresAt) === Number(expiresAt) ? approval : undefined;
}
