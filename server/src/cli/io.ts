import type { CheckPool } from '../host/checkPool';

/*
 * What a CLI command is given by its caller (bin.ts, or a test) and the exit codes it returns: a
 * module of its own, so the commands need not import the dispatcher that imports them.
 */

export interface CliIo {
  readonly cwd: string;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Standard input, read when a command needs it (`gate`). */
  readonly stdin?: () => string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The program and script that run this CLI, written into an agent's hook settings. */
  readonly self?: readonly string[];
  /** Worker threads the caller keeps loaded from check to check (the check server's), which `check` uses instead of starting its own. */
  readonly residentPool?: CheckPool;
  /** Size from which a file is too long to read whole and `check` reads a session piece by piece (`IN_PIECES_FROM_BYTES`); tests set it low. */
  readonly inPiecesFrom?: number;
}

export const EXIT_CLEAN = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE_OR_INPUT = 2;
