import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { openOutputChannel } from '../../src/shell/running/openOutputChannel.js';

/** Everything `socket` receives until its peer closes. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** The listener's abstract address, as any local process can read it from `/proc/net/unix`. */
function findListenerAddress(): string {
  const line = readFileSync('/proc/net/unix', 'latin1')
    .split('\n')
    .find((entry) => entry.includes('@agentkit-tools-output-'));
  const name = line?.slice(line.indexOf('@agentkit-tools-output-') + 1).trim();
  if (name === undefined) throw new Error('no output listener in /proc/net/unix');
  return `\0${name}`;
}

describe(openOutputChannel.name, () => {
  it('hands the child the end its link names, and what the child writes arrives on ours', async () => {
    const channel = await openOutputChannel();
    const child = spawn('/bin/sh', ['-c', 'readlink /proc/self/fd/1'], { stdio: ['ignore', channel.theirs, 'ignore'] });
    channel.theirs.destroy();
    const [output] = await Promise.all([readAll(channel.ours), new Promise((resolve) => child.once('exit', resolve))]);

    expect(channel.link).toMatch(/^socket:\[\d+\]$/u);
    expect(output).toBe(`${channel.link}\n`);
  });

  it('ends our side once every holder of theirs has closed it', async () => {
    const channel = await openOutputChannel();
    const reading = readAll(channel.ours);
    channel.theirs.end('last words');

    await expect(reading).resolves.toBe('last words');
  });

  it('pairs no stranger: a connection without the token is closed, and the next channel is still ours', async () => {
    const first = await openOutputChannel(); // the listener exists from here on
    first.theirs.destroy();
    first.ours.destroy();
    const stranger = connect(findListenerAddress());
    const strangerClosed = new Promise((resolve) => stranger.once('close', resolve));
    stranger.on('error', () => undefined);
    stranger.write(randomBytes(16));

    const channel = await openOutputChannel();
    const reading = readAll(channel.ours);
    channel.theirs.end('ours');

    await expect(reading).resolves.toBe('ours');
    await strangerClosed;
    expect(stranger.destroyed).toBe(true);
  });

  it('gives every channel its own socket', async () => {
    const channels = await Promise.all([openOutputChannel(), openOutputChannel(), openOutputChannel()]);
    const readings = channels.map((channel) => readAll(channel.ours));
    channels.forEach((channel, index) => channel.theirs.end(`channel ${index}`));

    await expect(Promise.all(readings)).resolves.toStrictEqual(['channel 0', 'channel 1', 'channel 2']);
    expect(new Set(channels.map((channel) => channel.link)).size).toBe(3);
  });
});
