import { randomBytes, randomUUID } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { readDescriptorLink } from '../../kernel/index.js';

/**
 * One output stream of a command: a connected Unix stream socket pair both of whose ends this
 * process holds. `theirs` is handed to the child as its stdout or stderr (then closed here),
 * `ours` is read. `link` is `theirs` as `/proc/<pid>/fd` shows it (`socket:[inode]`), read from
 * this process's own descriptor before the child exists: what finds the processes that still
 * hold the output after the command exited, whatever the command did to its own descriptors.
 */
export interface OutputChannel {
  readonly ours: Socket;
  readonly theirs: Socket;
  readonly link: string;
}

/** How many bytes a connection's token has: what ties an accepted connection to the connect that made it. */
const TOKEN_BYTES = 16;
/** How long an accepted connection may take to send its token (ours send it at once; others are dropped). */
const TOKEN_TIMEOUT_MS = 5_000;

type Waiter = (theirs: Socket) => void;

let listening: Promise<{ server: Server; address: string }> | undefined;
const waiters = new Map<string, Waiter>();

/** Reads an accepted connection's token and hands it to the connect that sent it; anything else is closed. */
function onConnection(socket: Socket): void {
  socket.unref();
  socket.setTimeout(TOKEN_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  let received = Buffer.alloc(0);
  const onData = (chunk: Buffer): void => {
    received = Buffer.concat([received, chunk]);
    if (received.length < TOKEN_BYTES) return;
    socket.off('data', onData);
    socket.pause();
    socket.setTimeout(0);
    const waiter = received.length === TOKEN_BYTES ? waiters.get(received.toString('hex')) : undefined;
    if (waiter === undefined) socket.destroy();
    else waiter(socket);
  };
  socket.on('data', onData);
}

/**
 * The listener pairs are made through: one per process, on a random abstract address (Linux: no
 * file is created, nothing is left behind). Any local process could connect to it; a connection
 * is paired only when it sends the random token of a connect this process is waiting for.
 */
function listen(): Promise<{ server: Server; address: string }> {
  listening ??= new Promise((resolve, reject) => {
    const address = `\0agentkit-tools-output-${randomUUID()}`;
    const server = createServer({ pauseOnConnect: false }, onConnection);
    server.once('error', (error) => {
      listening = undefined;
      reject(error);
    });
    server.listen(address, () => {
      server.unref();
      resolve({ server, address });
    });
  });
  return listening;
}

/**
 * Opens one {@link OutputChannel} (Linux). Rejects when no pair can be made (no descriptors
 * left, say): the caller then starts nothing.
 */
export async function openOutputChannel(): Promise<OutputChannel> {
  const { address } = await listen();
  const token = randomBytes(TOKEN_BYTES);
  const key = token.toString('hex');
  const ours = connect(address);
  try {
    const theirs = await new Promise<Socket>((resolve, reject) => {
      const fail = (error: Error): void => {
        waiters.delete(key);
        reject(error);
      };
      ours.once('error', fail);
      waiters.set(key, (accepted) => {
        waiters.delete(key);
        ours.off('error', fail);
        resolve(accepted);
      });
      ours.write(token);
    });
    const fd = (theirs as unknown as { _handle?: { fd?: number } })._handle?.fd;
    const link = fd === undefined ? undefined : readDescriptorLink(fd);
    if (link === undefined || !/^socket:\[\d+\]$/u.test(link)) {
      theirs.destroy();
      throw new Error(`the output socket has no descriptor here (${String(link)})`);
    }
    return { ours, theirs, link };
  } catch (error) {
    ours.destroy();
    throw error;
  }
}
