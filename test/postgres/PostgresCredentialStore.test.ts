import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ToolConfigurationError } from '../../src/index.js';
import { PostgresCredentialStore } from '../../src/postgres/index.js';
import { itKeepsTheCredentialStoreContract } from '../fixtures/credentialStoreContract.js';
import { findTestServer, uniqueName } from '../fixtures/findTestServer.js';

const POSTGRES_URL = await findTestServer('postgres', 'PostgresCredentialStore tests');
const describeWithPostgres = POSTGRES_URL === undefined ? describe.skip : describe;

describeWithPostgres(PostgresCredentialStore.name, () => {
  const url = POSTGRES_URL ?? '';
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const table = uniqueName('agentkit_test_credentials');
  let store: PostgresCredentialStore;

  beforeAll(async () => {
    await new PostgresCredentialStore({ pool, table }).migrate();
  });

  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS "${table}"`);
    await pool.end();
  });

  beforeEach(async () => {
    await pool.query(`DELETE FROM "${table}"`);
    store = new PostgresCredentialStore({ pool, table });
  });

  itKeepsTheCredentialStoreContract(() => store);

  it('is shared by every store on the same table, and documents its SQL', async () => {
    const owned = await PostgresCredentialStore.connect(url, { table });
    try {
      await owned.migrate();
      await store.set('mcp:github', { bearerToken: 'shared' });
      expect(await owned.get('mcp:github')).toStrictEqual({ bearerToken: 'shared' });
    } finally {
      await owned.close();
    }
    expect(PostgresCredentialStore.schemaSql()).toBe(
      'CREATE TABLE IF NOT EXISTS "agentkit_credentials" (provider text PRIMARY KEY, credentials jsonb NOT NULL, updated_at timestamptz NOT NULL DEFAULT now());',
    );
  });

  it('never uses a damaged row, and the next set replaces it', async () => {
    await pool.query(`INSERT INTO "${table}" (provider, credentials) VALUES ('mcp:github', '{"bearerToken": 1}')`);
    expect(await store.get('mcp:github')).toBeUndefined();
    await store.set('mcp:github', { bearerToken: 'new' });
    expect(await store.get('mcp:github')).toStrictEqual({ bearerToken: 'new' });
  });

  it('throws an error that names the step, never a credential, when the table is missing', async () => {
    const missing = new PostgresCredentialStore({ pool, table: uniqueName('agentkit_test_missing') });
    await expect(missing.set('mcp:github', { bearerToken: 'token-1' })).rejects.toThrow(
      'PostgresCredentialStore could not write the credentials of provider "mcp:github" (42P01).',
    );
    expect(() => new PostgresCredentialStore({ pool, table: 'x; drop table y' })).toThrow(ToolConfigurationError);
  });
});
