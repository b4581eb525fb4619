const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Runs `work` with a spinner on stderr when stderr is a terminal (nothing otherwise). */
export async function withSpinner<T>(label: string, work: () => Promise<T>): Promise<T> {
  if (!process.stderr.isTTY) return work();
  let frame = 0;
  const draw = (): void => {
    process.stderr.write(`\r${FRAMES[frame % FRAMES.length] ?? ''} ${label}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, 80);
  try {
    return await work();
  } finally {
    clearInterval(timer);
    process.stderr.write('\r\x1b[2K');
  }
}
