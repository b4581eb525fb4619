import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openApprovalStore } from '../../src/bin/openApprovalStore.js';
import { ToolConfigurationError } from '../../src/index.js';
import { PostgresApprovalStore } from '../../src/postgres/index.js';
import { RedisApprovalStore } from '../../src/redis/index.js';
import { FileApprovalStore } from '../../src/stores/index.js';
import { buildApproval } from '../fixtures/approvalStoreContract.js';
import { findTestServer } from '../fixtures/findTestServer.js';

const REDIS_URL = await findTestServer('redis', 'openApprovalStore (redis://)');
const POSTGRES_URL = await findTestServer('postgres', 'openApprovalStore (postgres://)');

describe(openApprovalStore.name, () => {
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'agentkit-open-store-'));
  });

  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a FileApprovalStore from a directory path or a file: URL, sharing the directory', async () => {
    const byPath = await openApprovalStore(join(dir, 'approvals'));
    const byUrl = await openApprovalStore(pathToFileURL(join(dir, 'approvals')).href);
    expect(byPath.store).toBeInstanceOf(FileApprovalStore);
    const issued = buildApproval();
    await byPath.store.issue(issued);
    expect(await byUrl.store.consume(issued.id)).toBe('consumed');
    await byPath.close();
    await byUrl.close();
  });

  it.each(['', '   ', 'http://127.0.0.1:6379', 'mysql://127.0.0.1/test'])(
    'refuses %j, naming what it supports',
    async (url) => {
      const opened = openApprovalStore(url);
      await expect(opened).rejects.toThrow(ToolConfigurationError);
      await expect(opened).rejects.toThrow(
        /redis:\/\/, rediss:\/\/, postgres:\/\/, postgresql:\/\/, a file: URL or a directory path/,
      );
    },
  );
});

const describeWithRedis = REDIS_URL === undefined ? describe.skip : describe;
const describeWithPostgres = POSTGRES_URL === undefined ? describe.skip : describe;

describeWithRedis(`${openApprovalStore.name} (redis://)`, () => {
  it('opens a RedisApprovalStore on a connection it closes', async () => {
    const opened = await openApprovalStore(REDIS_URL ?? '');
    expect(opened.store).toBeInstanceOf(RedisApprovalStore);
    const issued = buildApproval();
    await opened.store.issue(issued);
    expect(await opened.store.consume(issued.id)).toBe('consumed');
    await opened.close();
    await expect(Promise.resolve().then(() => opened.store.get(issued.id))).rejects.toThrow(
      /RedisApprovalStore could not read an approval/,
    );
  });
});

describeWithPostgres(`${openApprovalStore.name} (postgres://)`, () => {
  it('opens a PostgresApprovalStore, its table created, on a pool it ends', async () => {
    const opened = await openApprovalStore(POSTGRES_URL ?? '');
    expect(opened.store).toBeInstanceOf(PostgresApprovalStore);
    const issued = buildApproval();
    await opened.store.issue(issued);
    expect(await opened.store.consume(issued.id)).toBe('consumed');
    await opened.close();
    await expect(Promise.resolve().then(() => opened.store.get(issued.id))).rejects.toThrow(
      /PostgresApprovalStore could not read an approval/,
    );
  });
});
