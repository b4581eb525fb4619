import { closeSync, openSync, readSync } from 'node:fs';

const PT_INTERP = 3;

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * The program interpreter (dynamic loader) an ELF executable names (`PT_INTERP`), e.g.
 * `/lib64/ld-linux-x86-64.so.2`; `undefined` for a static or non-ELF (or 32-bit) file.
 */
export function readElfInterpreter(executable: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(executable, 'r');
  } catch {
    return undefined;
  }
  try {
    const header = readAt(fd, 0, 64);
    // 64-bit little-endian ELF only (what Node ships for Linux on x64 and arm64).
    if (header.length < 64 || header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header[5] !== 1)
      return undefined;
    const offset = Number(header.readBigUInt64LE(32));
    const size = header.readUInt16LE(54);
    const count = header.readUInt16LE(56);
    for (let index = 0; index < count; index++) {
      const entry = readAt(fd, offset + index * size, size);
      if (entry.length < 40 || entry.readUInt32LE(0) !== PT_INTERP) continue;
      const text = readAt(
        fd,
        Number(entry.readBigUInt64LE(8)),
        Math.min(Number(entry.readBigUInt64LE(32)), 4096),
      ).toString('latin1');
      const path = text.split('\0')[0] ?? '';
      return path.startsWith('/') ? path : undefined;
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}
