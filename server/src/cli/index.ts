import { runCli } from './main';

// The bin entry: real process I/O around runCli. An unexpected error prints one line, not a stack.
try {
  process.exitCode = runCli(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
} catch (e) {
  process.stderr.write(`ghost-lint: internal error: ${(e as Error).message}\n`);
  process.exitCode = 2;
}
