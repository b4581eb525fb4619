import type * as ChildProcessModule from 'node:child_process';
import type * as FsModule from 'node:fs';
import type { Socket } from 'node:net';
import type { HostMessage, SupervisorMessage } from './SupervisorMessage.js';

/**
 * The supervisor program: runs as `node -e` inside one long-lived bubblewrap sandbox (as its PID 1,
 * which its commands cannot signal) and starts the host's commands there, one call at a time.
 *
 * Per call it receives the command and its stdout and stderr sockets (passed over the IPC
 * channel as descriptors, so the host keeps its own capture), starts the command in a session
 * and process group of its own with the call's cwd and environment, and signals on request. The
 * sandbox holds nothing but this supervisor and the call, so `kill(-1)` reaches exactly what the
 * call started, wherever it moved (setsid, double fork, cleared environment): when the command
 * exits, that is SIGKILLed and awaited before `exit` is reported. Then every writable tmpfs of
 * the view (`/tmp`, `/dev`, `/run`, ...) is put back as it was at start-up (what the call added
 * is removed), POSIX message queues are removed and SysV IPC must be empty: each call gets a
 * private `/tmp` and IPC like a cold sandbox.
 * When that fails (an entry it cannot remove, a pre-existing entry changed) it retires.
 *
 * Self-contained: `node -e` runs its source text, so it may use nothing but its parameters and
 * the language's globals (see `SUPERVISOR_SOURCE`).
 */
export function superviseSandbox(
  childProcess: typeof ChildProcessModule,
  fs: typeof FsModule,
  host: NodeJS.Process,
): void {
  const GONE_LIMIT_MS = 2_000;
  const MAX_ZOMBIES = 64;
  const send = (message: SupervisorMessage): void => {
    if (host.connected) host.send?.(message);
  };
  const killAll = (signal: NodeJS.Signals): void => {
    try {
      host.kill(-1, signal); // every process of this PID namespace but this one (its init)
    } catch {
      // none left (ESRCH)
    }
  };

  const decode = (text: string): string =>
    text.replace(/\\([0-7]{3})/gu, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
  const privateDirs = new Set<string>();
  for (const line of fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n')) {
    const [head, tail] = line.split(' - ');
    const fields = head?.split(' ') ?? [];
    const point = fields[4];
    if (point !== undefined && tail?.startsWith('tmpfs ') === true && (fields[5] ?? '').split(',').includes('rw'))
      privateDirs.add(decode(point));
  }
  /** Records every entry under `dir` on its filesystem; what is mounted there (a root, a device) only by presence. */
  const walk = (dir: string, dev: number, into: Map<string, string>): void => {
    for (const name of fs.readdirSync(dir)) {
      const entry = dir === '/' ? `/${name}` : `${dir}/${name}`;
      const stat = fs.lstatSync(entry);
      const owner = `${stat.ino}:${stat.mode}:${stat.uid}:${stat.gid}`;
      if (stat.dev !== dev) into.set(entry, 'mount');
      else if (stat.isDirectory()) {
        into.set(entry, `d:${owner}`);
        walk(entry, dev, into);
      } else into.set(entry, `f:${owner}:${stat.ctimeMs}`); // ctime: no process can set it back
    }
  };
  const list = (): Map<string, string> => {
    const entries = new Map<string, string>();
    for (const dir of privateDirs) {
      // A tmpfs hidden under another mount may have no path.
      if (fs.existsSync(dir)) walk(dir, fs.lstatSync(dir).dev, entries);
    }
    return entries;
  };
  const initial = list();

  /** Puts the private directories back as they were; the reason when it cannot. */
  const restore = (): string | undefined => {
    try {
      const now = list();
      for (const [entry, signature] of now) {
        if (initial.has(entry)) {
          if (initial.get(entry) !== signature) return `${entry} changed`;
        } else if (
          initial.has(entry.slice(0, entry.lastIndexOf('/'))) ||
          privateDirs.has(entry.slice(0, entry.lastIndexOf('/')) || '/')
        ) {
          fs.rmSync(entry, { recursive: true, force: true });
        }
      }
      for (const entry of initial.keys()) if (!now.has(entry)) return `${entry} was removed`;
      // POSIX message queues live in the IPC namespace, which every call here shares: removed.
      if (fs.existsSync('/dev/mqueue'))
        for (const queue of fs.readdirSync('/dev/mqueue')) fs.unlinkSync(`/dev/mqueue/${queue}`);
      for (const kind of ['shm', 'sem', 'msg']) {
        if (fs.readFileSync(`/proc/sysvipc/${kind}`, 'utf8').trim().split('\n').length > 1)
          return `SysV IPC (${kind}) left behind`;
      }
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };

  /** How many processes other than this one are alive, and how many are zombies (orphans nobody reaps). */
  const countOthers = (): { alive: number; zombies: number } => {
    const counts = { alive: 0, zombies: 0 };
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/u.test(entry) || entry === '1' || entry === String(host.pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
        const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        if (state === 'Z' || state === 'X') counts.zombies += 1;
        else counts.alive += 1;
      } catch {
        // gone meanwhile
      }
    }
    return counts;
  };

  let busy: number | undefined;
  let stdout: { readonly message: Extract<HostMessage, { type: 'run' }>; readonly socket: Socket } | undefined;

  const retire = (reason: string): void => {
    send({ type: 'retire', reason });
    killAll('SIGKILL');
    host.exit(0);
  };
  const ended = (id: number, code: number | null, signal: string | null): void => {
    const started = Date.now();
    const check = (): void => {
      killAll('SIGKILL');
      const others = countOthers();
      if (others.alive > 0) {
        if (Date.now() - started > GONE_LIMIT_MS) retire('processes of the call did not end');
        else setTimeout(check, 1);
        return;
      }
      send({ type: 'exit', id, code, signal });
      busy = undefined;
      // As PID 1 it inherits the call's orphans, and node reaps only its own children: bounded here.
      const reason = others.zombies > MAX_ZOMBIES ? `${others.zombies} unreaped orphans` : restore();
      if (reason === undefined) send({ type: 'ready' });
      else retire(reason);
    };
    check();
  };
  const launch = (message: Extract<HostMessage, { type: 'run' }>, out: Socket, err: Socket): void => {
    busy = message.id;
    let settled = false;
    const fail = (error: Error): void => {
      if (settled) return;
      settled = true;
      send({ type: 'failed', id: message.id, message: error.message });
      ended(message.id, null, null);
    };
    let child: ChildProcessModule.ChildProcess;
    try {
      child = childProcess.spawn(message.file, [...message.args], {
        cwd: message.cwd,
        env: { ...message.env, PWD: message.cwd }, // as bubblewrap's --chdir sets it
        detached: true,
        stdio: ['ignore', out, err],
      });
    } catch (error) {
      fail(error instanceof Error ? error : new Error(String(error)));
      return;
    } finally {
      out.destroy();
      err.destroy();
    }
    child.once('error', (error) => {
      if (child.pid === undefined) fail(error); // later errors (a failed kill) change nothing
    });
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      ended(message.id, code, signal);
    });
    if (child.pid !== undefined) send({ type: 'started', id: message.id });
  };

  host.on('message', (message: HostMessage, handle: unknown) => {
    switch (message.type) {
      case 'run':
        stdout = { message, socket: handle as Socket };
        return;
      case 'stderr':
        if (stdout?.message.id !== message.id || busy !== undefined)
          send({ type: 'failed', id: message.id, message: 'the supervisor was busy' });
        else if (typeof handle !== 'object' || handle === null || typeof stdout.socket !== 'object') {
          send({ type: 'failed', id: message.id, message: 'its output did not arrive' });
          send({ type: 'ready' }); // nothing ran: nothing to clean up
        } else launch(stdout.message, stdout.socket, handle as Socket);
        stdout = undefined;
        return;
      case 'signal':
        if (busy === message.id) killAll(message.signal);
        return;
      case 'ping':
        send({ type: 'pong', seq: message.seq });
        return;
    }
  });
  host.on('disconnect', () => {
    killAll('SIGKILL');
    host.exit(0);
  });
  send({ type: 'ready' });
}

/**
 * What `node -e` runs inside the sandbox: {@link superviseSandbox}'s own source, called with the
 * modules it needs. Passed as an argument, so the supervisor needs no file of this package to
 * be visible in the sandbox's view (only the node executable and its loader).
 */
export const SUPERVISOR_SOURCE =
  `(${superviseSandbox.toString()})` + "(require('node:child_process'), require('node:fs'), process);";
