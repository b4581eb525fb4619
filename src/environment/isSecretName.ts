const SECRET = /TOKEN|SECRET|PASSWORD|PASSWD|KEY|AUTH|CREDENTIAL/iu;

/**
 * Whether an environment variable name looks like it holds a secret (`*TOKEN*`, `*KEY*`, ...).
 * @internal
 */
export function isSecretName(name: string): boolean {
  return SECRET.test(name);
}
