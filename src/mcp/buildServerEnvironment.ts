const BASE_NAMES: ReadonlySet<string> = new Set(['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TERM', 'LANG', 'TMPDIR']);
const SECRET = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL/iu;

/**
 * The environment an MCP server process starts with: never the whole parent environment.
 * From `source` only `PATH`, `HOME`, `USER`, `LOGNAME`, `SHELL`, `TERM`, `LANG`, `TMPDIR` and
 * `LC_*`, minus names that look like secrets; then the server's configured `env`, as given.
 */
export function buildServerEnvironment(source: NodeJS.ProcessEnv, configured: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || SECRET.test(name)) continue;
    if (BASE_NAMES.has(name) || name.startsWith('LC_')) env[name] = value;
  }
  return { ...env, ...configured };
}
