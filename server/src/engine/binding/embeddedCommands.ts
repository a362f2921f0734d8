import { type ArgumentPath, CallArguments, type LocatedString } from './callArguments';
import type { CommandSource } from './types';

/* Commands inside calls: the shell command a tool's arguments hold (a string, or an argv list), with its place in the transcript. */

/** A command string argument as a CommandSource for the shell binder. */
export function commandSource(located: LocatedString, cwd: string | undefined, branch?: string): CommandSource {
  return { command: located.value, spanOf: (start, end) => located.spanOf(start, end), cwd, branch };
}

const SHELL_PROGRAMS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh', 'fish', 'pwsh', 'powershell']);
/** `-c`, `-lc`, `-ic`, `-Command`: the flag after which a shell takes its script. */
const SCRIPT_FLAG = /^-(?:[a-z]*c[a-z]*|Command)$/;
/** Safe to write unquoted in a shell command. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/**
 * An argv array as one command. `["bash", "-lc", script]` is the script itself. A plain argv is joined
 * with shell quoting (`'…'`, a `'` inside written `'\''`); every character of the joined command
 * remembers the element and the character of it that it came from, so a range of the command maps to
 * the source from its first character's origin to its last one's: a sub-command that spans elements
 * covers exactly those elements, and quotes added by the joining fall on their element's own edges.
 */
export function commandFromArgv(args: CallArguments, path: ArgumentPath, argv: readonly unknown[]): LocatedString | undefined {
  if (argv.length === 0 || !argv.every((element): element is string => typeof element === 'string')) return undefined;
  const program = (argv[0] ?? '').split(/[/\\]/).pop()?.replace(/\.exe$/i, '').toLowerCase() ?? '';
  if (SHELL_PROGRAMS.has(program)) {
    const flag = argv.findIndex((element, i) => i > 0 && SCRIPT_FLAG.test(element));
    const script = argv[flag + 1];
    if (flag !== -1 && script !== undefined) return args.located([...path, flag + 1], script);
  }
  const elements = argv.map((element, i) => args.located([...path, i], element));
  let command = '';
  // Origin of each character of the command: [element index, character of that element].
  const origins: [number, number][] = [];
  elements.forEach((element, i) => {
    if (i > 0) {
      command += ' ';
      origins.push([i, 0]);
    }
    const plain = PLAIN_WORD.test(element.value);
    if (!plain) {
      command += "'";
      origins.push([i, 0]);
    }
    for (let at = 0; at < element.value.length; at++) {
      const char = element.value[at] ?? '';
      const written = char === "'" && !plain ? "'\\''" : char;
      command += written;
      for (let k = 0; k < written.length; k++) origins.push([i, at]);
    }
    if (!plain) {
      command += "'";
      origins.push([i, element.value.length]);
    }
  });
  const last = elements.length - 1;
  const endOrigin: [number, number] = [last, elements[last]?.value.length ?? 0];
  const originAt = (offset: number): [number, number] => origins[offset] ?? endOrigin;
  return {
    value: command,
    spanOf: (start, end) => {
      if (end <= start) {
        const [i, at] = originAt(start);
        const point = elements[i]?.spanOf(at, at).start ?? 0;
        return { start: point, end: point };
      }
      const [firstElement, firstAt] = originAt(start);
      const [lastElement, lastAt] = originAt(end - 1);
      const startSpan = elements[firstElement]?.spanOf(firstAt, firstAt + 1);
      const endSpan = elements[lastElement]?.spanOf(lastAt, lastAt + 1);
      return { start: startSpan?.start ?? 0, end: endSpan?.end ?? 0 };
    },
  };
}
