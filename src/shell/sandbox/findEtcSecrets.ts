import { lstatSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

/**
 * Entries of `/etc` (relative paths, `*` within one name) masked whatever their mode says:
 * password and group hashes, sudo rules, host keys, TLS and IPsec private keys, network and VPN
 * credentials, Kerberos keys, and the machine's identifier (`machine-id`: "confidential" by its
 * manual, and no program a command runs needs it). Everything else that only root or a group may
 * read is masked by its mode (see {@link findEtcSecrets}).
 */
export const ETC_SECRET_PATTERNS: readonly string[] = Object.freeze([
  'shadow*',
  'gshadow*',
  'sudoers',
  'sudoers.d',
  'ssh/ssh_host_*_key',
  'ssl/private',
  'pki/tls/private',
  'machine-id',
  'krb5.keytab',
  'ipsec.secrets',
  'ipsec.d/private',
  'ppp/*-secrets',
  'NetworkManager/system-connections',
  'wpa_supplicant',
  'wireguard',
  'openvpn',
  'letsencrypt',
  'security/opasswd',
  'docker/key.json',
  'libvirt/secrets',
]);

/** How deep the walk goes (Debian's `/etc` is at most 6 levels deep). */
const MAX_DEPTH = 12;

const PATTERNS: readonly RegExp[] = ETC_SECRET_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/gu, '\\$&').replace(/\*/gu, '[^/]*')}$`, 'u'),
);

/** What the sandbox hides under `/etc`: files (and other non-directories) and whole directories. */
export interface EtcSecrets {
  readonly files: readonly string[];
  readonly directories: readonly string[];
}

/**
 * Whether an entry is hidden by its mode: what a user other than its owner and group could not
 * read (files without `o+r`, directories without `o+rx`), and every socket, FIFO and device
 * (a socket in `/etc` would reach a host daemon). The command runs as the host's user (root,
 * often), which owns most of them: the mode is the host's statement of who may read.
 */
function isHiddenByMode(stats: Stats): boolean {
  if (stats.isSymbolicLink()) return false; // its target is in the view, masked there, or absent
  if (stats.isDirectory()) return (stats.mode & 0o005) !== 0o005;
  if (stats.isFile()) return (stats.mode & 0o004) === 0;
  return true;
}

/**
 * Lists `etc` (the host's `/etc` unless a test names another) for what the sandbox masks: the
 * {@link ETC_SECRET_PATTERNS} and what {@link isHiddenByMode} hides. A directory that cannot be
 * listed is masked whole; a masked directory is not walked further.
 */
export function findEtcSecrets(etc = '/etc'): EtcSecrets {
  const files: string[] = [];
  const directories: string[] = [];
  const walk = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      if (dir !== etc) directories.push(dir);
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      let stats: Stats;
      try {
        stats = lstatSync(full);
      } catch {
        continue; // gone since the listing
      }
      const relative = path.relative(etc, full);
      const named = !stats.isSymbolicLink() && PATTERNS.some((pattern) => pattern.test(relative));
      if (named || isHiddenByMode(stats)) (stats.isDirectory() ? directories : files).push(full);
      else if (stats.isDirectory() && depth < MAX_DEPTH) walk(full, depth + 1);
    }
  };
  walk(etc, 1);
  return { files, directories };
}
