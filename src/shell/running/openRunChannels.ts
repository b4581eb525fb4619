import { buildSpawnFailure } from './LaunchedCommand.js';
import { openOutputChannel, type OutputChannel } from './openOutputChannel.js';

/**
 * Outside the sandbox (Linux) the command's stdout and stderr are sockets this process made
 * (see {@link openOutputChannel}): what identifies them is known before the child exists, so
 * finding the strays that keep them open never depends on what the command did first, even when
 * this process is descheduled for a long time right after the spawn. A warm call needs them too:
 * they are what is handed to the supervisor. A cold sandboxed call (its PID namespace ends every
 * stray) and other systems (no `/proc` to search) get plain pipes.
 */
export function needsChannels(sandboxed: boolean, warm: boolean): boolean {
  return warm || (!sandboxed && process.platform === 'linux');
}

type ChannelPair = readonly [OutputChannel, OutputChannel];

async function openPair(file: string): Promise<ChannelPair> {
  const opened = await Promise.allSettled([openOutputChannel(), openOutputChannel()]);
  const channels = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const failure = opened.find((result) => result.status === 'rejected');
  if (failure === undefined) return channels as [OutputChannel, OutputChannel];
  for (const channel of channels) closeChannel(channel);
  throw buildSpawnFailure(file, new Error(`no output channel could be opened (${String(failure.reason)})`));
}

/** A pair opened ahead for the next run (off its critical path), unref'd while it waits. */
let spare: Promise<ChannelPair> | undefined;

function prepareSpare(file: string): void {
  spare = openPair(file).then((pair) => {
    for (const channel of pair) {
      channel.ours.on('error', () => undefined).unref();
      channel.theirs.unref();
    }
    return pair;
  });
  spare.catch(() => {
    spare = undefined;
  });
}

/** Opens the two output channels a run needs, if any (the spare, then a fresh one); a failure starts nothing. */
export async function openChannels(file: string, sandboxed: boolean, warm: boolean): Promise<ChannelPair | undefined> {
  if (!needsChannels(sandboxed, warm)) return undefined;
  const taken = spare;
  spare = undefined;
  const pair = (await taken?.catch(() => undefined)) ?? (await openPair(file));
  prepareSpare(file);
  for (const channel of pair) {
    channel.ours.ref();
    channel.theirs.ref();
  }
  return pair;
}

export /** Closes both ends of a channel that will not be used. */
function closeChannel(channel: OutputChannel): void {
  channel.theirs.destroy();
  channel.ours.destroy();
}
