import { posix } from 'node:path';
import { wordTable } from '../text';

/*
 * A light reading of a command line: its simple commands and their words, without the full shell
 * parser. It serves what must be known of every command a session runs, which program with which
 * words (the `execute` action, rules over named commands), where parsing each one would cost more
 * than everything else binding does. Quotes and escapes are honoured; substitutions stay inside
 * the word that holds them.
 */

/** One simple command of a command line: the program and its words, wrappers (sudo, env, timeout) removed. */
export interface SimpleCommand {
  /** The program's name without its folder, then its arguments, as the shell would pass them. */
  readonly words: readonly string[];
  /** Variables assigned for this command only (`SKIP=lint git commit`), as `NAME=value`. */
  readonly assignments: readonly string[];
  /** The wrappers it was run through, by name, in order (`sudo env X=1 rm` → sudo, env). */
  readonly wrappers: readonly string[];
  /** Offsets of the command in the line, wrappers included. */
  readonly start: number;
  readonly end: number;
  /** Position among the line's commands; commands of one pipeline share it. */
  readonly order: number;
  /** Commands joined by `&&` share a chain. */
  readonly chain: number;
}

interface Token {
  readonly kind: 'word' | 'operator';
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

const OPERATORS = ['&&', '||', ';;', '|&', '|', ';', '&', '\n', '(', ')'];

/** Splits a command line into words and operators; a `#` at a word's start comments out the rest of its line. */
function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\\' && line[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      while (i < line.length && line[i] !== '\n') i++;
      continue;
    }
    // `&>file` redirects; it starts a word, not a background job.
    const operator = line.startsWith('&>', i) ? undefined : OPERATORS.find((op) => line.startsWith(op, i));
    if (operator) {
      tokens.push({ kind: 'operator', value: operator, start: i, end: i + operator.length });
      i += operator.length;
      continue;
    }
    const start = i;
    let value = '';
    let depth = 0;
    while (i < line.length) {
      const ch = line[i] as string;
      // `2>&1` and `>&2` keep their `&`: a redirection, not a background job.
      const redirectAmpersand = ch === '&' && (/[<>]$/.test(value) || (value === '' && line[i + 1] === '>'));
      if (depth === 0 && (ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n' || ch === ';' || ch === '|' || (ch === '&' && !redirectAmpersand) || ch === ')' || ch === '(')) break;
      if (ch === '\\' && i + 1 < line.length) {
        if (line[i + 1] !== '\n') value += line[i + 1];
        i += 2;
      } else if (ch === "'") {
        const close = line.indexOf("'", i + 1);
        const end = close === -1 ? line.length : close;
        value += line.slice(i + 1, end);
        i = end + 1;
      } else if (ch === '"') {
        i++;
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && i + 1 < line.length && '"\\$`'.includes(line[i + 1] as string)) i++;
          value += line[i];
          i++;
        }
        i++;
      } else if (ch === '$' && line[i + 1] === '(') {
        // A substitution stays inside its word: "$(date)" is one argument, whatever runs in it.
        value += '$(';
        depth++;
        i += 2;
      } else {
        if (depth > 0 && ch === ')') depth--;
        else if (depth > 0 && ch === '(') depth++;
        value += ch;
        i++;
      }
    }
    tokens.push({ kind: 'word', value, start, end: Math.min(i, line.length) });
  }
  return tokens;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** A redirection written as its own word (`>`, `2>>`, `<<`), whose target is the next word. */
const REDIRECT_OPERATOR = /^(?:\d*|&)(?:>>?|<<?-?|<>|>&|<&|>\|)$/;
/** A redirection with its target in the same word (`>out.txt`, `2>&1`, `<<EOF`). */
const REDIRECT_WORD = /^(?:\d*|&)(?:>>?|<<?-?|<>|>&|<&|>\|)\S/;

/** The words that are the command's own: redirections and their targets are not arguments. */
function withoutRedirections(words: readonly string[]): string[] {
  const result: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (REDIRECT_OPERATOR.test(word)) i++;
    else if (!REDIRECT_WORD.test(word)) result.push(word);
  }
  return result;
}

/**
 * The line with each here-document's body blanked out (kept as spaces, so offsets stay): the body is
 * the command's input, not commands of its own.
 */
function withoutHeredocBodies(line: string): string {
  if (!line.includes('<<')) return line;
  const lines = line.split('\n');
  const pending: { delimiter: string; tabs: boolean }[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (pending.length > 0) {
      const current = pending[0] as { delimiter: string; tabs: boolean };
      const text = lines[i] as string;
      if ((current.tabs ? text.replace(/^\t+/, '') : text) === current.delimiter) pending.shift();
      lines[i] = ' '.repeat(text.length);
      continue;
    }
    for (const match of (lines[i] as string).matchAll(/(?<!<)<<(?!<)(-?)\s*(['"]?)([A-Za-z0-9_.-]+)\2/g)) pending.push({ delimiter: match[3] as string, tabs: match[1] === '-' });
  }
  return lines.join('\n');
}
/** Wrappers that run the rest of their words as a command, with the options that take a value. */
const WRAPPERS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['sudo', new Set(['-u', '-g', '-h', '-p', '-C', '-D', '-r', '-t', '-T', '-U'])],
  ['doas', new Set(['-u', '-C'])],
  ['env', new Set(['-u', '-C', '-S'])],
  ['nohup', new Set()],
  ['time', new Set(['-o', '-f'])],
  ['nice', new Set(['-n'])],
  ['ionice', new Set(['-c', '-n', '-p'])],
  ['stdbuf', new Set(['-i', '-o', '-e'])],
  ['command', new Set()],
  ['builtin', new Set()],
  ['exec', new Set(['-a'])],
  ['timeout', new Set(['-s', '-k'])],
  ['xargs', new Set(['-I', '-n', '-P', '-L', '-d', '-E', '-s', '-a'])],
]);
const SHELLS = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);

/** The words after wrappers and assignments: `sudo -u bob env X=1 timeout 5 rm -rf x` → rm -rf x. */
function unwrap(words: readonly string[]): { words: string[]; assignments: string[]; wrappers: string[] } {
  const assignments: string[] = [];
  const wrappers: string[] = [];
  let i = 0;
  for (;;) {
    while (i < words.length && ASSIGNMENT.test(words[i] as string)) assignments.push(words[i++] as string);
    const program = words[i];
    if (program === undefined) break;
    const valued = WRAPPERS.get(posix.basename(program));
    if (!valued) break;
    const wrapper = posix.basename(program);
    wrappers.push(wrapper);
    i++;
    while (i < words.length && (words[i] as string).startsWith('-') && words[i] !== '--') {
      if (valued.has(words[i] as string)) i++;
      i++;
    }
    if (words[i] === '--') i++;
    // `timeout 5 cmd`: the duration comes first.
    if (wrapper === 'timeout' && i < words.length) i++;
  }
  const rest = words.slice(i);
  if (rest.length > 0) rest[0] = posix.basename(rest[0] as string);
  return { words: rest, assignments, wrappers };
}

/**
 * The simple commands of a command line, in order: wrappers removed, `bash -c "…"` read inside.
 * Offsets are in `line`; a command nested in a `-c` string spans the whole wrapper.
 */
export function simpleCommands(line: string): SimpleCommand[] {
  line = withoutHeredocBodies(line);
  const result: SimpleCommand[] = [];
  let order = 0;
  let chain = 0;
  let words: Token[] = [];
  // After `|`, the next command shares the pipeline's order.
  let piped = false;
  const flush = () => {
    if (words.length === 0) return;
    const start = (words[0] as Token).start;
    const end = (words[words.length - 1] as Token).end;
    const { words: command, assignments, wrappers } = unwrap(withoutRedirections(words.map((w) => w.value)));
    const script = SHELLS.has(command[0] ?? '') ? command.findIndex((w, i) => i > 0 && /^-[a-z]*c[a-z]*$/.test(w)) : -1;
    if (script !== -1 && command[script + 1] !== undefined) {
      const text = command[script + 1] as string;
      // A script written plainly in its quotes maps back offset for offset; else its commands span the wrapper.
      const token = words.find((w) => w.value === text);
      const written = token ? line.slice(token.start, token.end) : '';
      const shift = token && (written === text || written.slice(1, -1) === text) ? token.start + (written === text ? 0 : 1) : undefined;
      for (const inner of simpleCommands(text)) {
        const at = shift === undefined ? { start, end } : { start: shift + inner.start, end: shift + inner.end };
        result.push({ ...inner, ...at, wrappers: [...wrappers, ...inner.wrappers], order: order + inner.order, chain: chain + inner.chain });
      }
    // (A wrapper run alone, `sudo -v`, runs that wrapper.)
    } else if (command.length > 0 || wrappers.length > 0) {
      result.push({ words: command, assignments, wrappers, start, end, order, chain });
    }
    words = [];
  };
  for (const token of tokenize(line)) {
    if (token.kind === 'word') {
      words.push(token);
      continue;
    }
    flush();
    // A subshell's parentheses only group: the commands inside keep counting on.
    if (token.value === '(' || token.value === ')') continue;
    if (token.value === '|' || token.value === '|&') {
      piped = true;
      continue;
    }
    if (piped || result.length > 0) order++;
    piped = false;
    if (token.value !== '&&') chain++;
  }
  flush();
  return result;
}

/** The words a command line is written with, for a command pattern: `git push --force` → git, push, --force. */
export function commandWords(line: string): string[] {
  return simpleCommands(line)[0]?.words.slice() ?? [];
}

/** A command a rule names: its words, and the wrappers it names (a rule may name only a wrapper: "never run `sudo`"). */
export interface CommandPattern {
  readonly words: readonly string[];
  readonly wrappers: readonly string[];
}

/** The command a rule names, read as the shell would run it. */
export function commandPattern(line: string): CommandPattern {
  const command = simpleCommands(line)[0];
  return { words: command?.words ?? [], wrappers: command?.wrappers ?? [] };
}

/** Subcommands that are other names of one another, per program: `npm i` is `npm install`. */
const ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = wordTable({
  npm: { i: 'install', in: 'install', add: 'install', isntall: 'install', rm: 'uninstall', r: 'uninstall', remove: 'uninstall', un: 'uninstall', up: 'update', upgrade: 'update', t: 'test', tst: 'test', x: 'exec', 'run-script': 'run' },
  pnpm: { i: 'install', rm: 'remove', un: 'remove', uninstall: 'remove', up: 'update', upgrade: 'update', t: 'test' },
  yarn: { rm: 'remove' },
  git: {},
  pip: { i: 'install' },
});
/** Long options and the short letter each is, per program: `git push -f` is `git push --force`. */
const SHORT_FOR: Readonly<Record<string, Readonly<Record<string, string>>>> = wordTable({
  git: { '--force': 'f', '--no-verify': 'n', '--all': 'a', '--message': 'm', '--delete': 'd', '--hard': '', '--recursive': 'r' },
  rm: { '--recursive': 'r', '--force': 'f', '--dir': 'd', '--verbose': 'v' },
  cp: { '--recursive': 'r', '--force': 'f' },
  docker: { '--volumes': 'v', '--force': 'f' },
  'docker-compose': { '--volumes': 'v' },
  kubectl: { '--namespace': 'n', '--filename': 'f' },
});

function canonical(program: string, word: string, index: number): string {
  return index === 1 ? (ALIASES[program]?.[word] ?? word) : word;
}

/** The short letters a word sets: `-rf` → r, f; a long option with a known letter → that letter. */
function shortLetters(program: string, word: string): string[] {
  if (/^-[A-Za-z]+$/.test(word)) return [...word.slice(1)];
  const long = word.split('=')[0] as string;
  const letter = SHORT_FOR[program]?.[long];
  return letter ? [letter] : [];
}

/** Interpreters that run the script named as their first operand. */
const INTERPRETERS = /^(?:python[\d.]*|node|bash|sh|zsh|ruby|perl|php|deno|tsx|ts-node|pwsh)$/;
const SCRIPT_FILE = /\.(?:py|sh|bash|zsh|js|mjs|cjs|ts|rb|pl|php|ps1)$/i;

/** A script run through its interpreter, as the script's own words: `python3 setup.py install` is `setup.py install`, as `./setup.py install` is. */
function asScript(words: readonly string[]): readonly string[] {
  if (!INTERPRETERS.test(words[0] ?? '')) return words;
  const at = words.findIndex((word, i) => i > 0 && !word.startsWith('-'));
  const script = words[at];
  return script !== undefined && SCRIPT_FILE.test(script) ? [posix.basename(script), ...words.slice(at + 1)] : words;
}

/**
 * Whether a command (its words) runs what a pattern (its words) names: the same program, then each
 * of the pattern's words among the command's, in order. Options match by name wherever they stand
 * (`-rf` matches `-r -f` and `--recursive --force`; `--force` matches `--force=x`); an operand
 * matches the same word, trailing slashes aside (`rm -rf dist` is `rm -rf dist/`). A script is the same
 * run directly or through its interpreter.
 */
export function commandMatches(written: readonly string[], run: readonly string[]): boolean {
  const pattern = asScript(written);
  const command = asScript(run);
  const program = pattern[0];
  if (program === undefined || command[0] === undefined || posix.basename(program) !== command[0]) return false;
  const words = command.map((word, index) => canonical(command[0] as string, word, index));
  const letters = new Set(words.slice(1).flatMap((word) => shortLetters(command[0] as string, word)));
  let at = 1;
  for (let p = 1; p < pattern.length; p++) {
    const wanted = canonical(program, pattern[p] as string, p);
    if (wanted.startsWith('-')) {
      const wantedLetters = shortLetters(program, wanted);
      const byName = words.slice(1).some((word) => word === wanted || word.startsWith(`${wanted}=`));
      if (!byName && (wantedLetters.length === 0 || !wantedLetters.every((letter) => letters.has(letter)))) return false;
      continue;
    }
    let found = -1;
    for (let i = at; i < words.length; i++) {
      const word = words[i] as string;
      // A word ending in a star is a prefix, as a rule writes it: `npx create-*` covers `npx create-react-app`.
      const prefix = wanted.length > 1 && wanted.endsWith('*') && !wanted.slice(0, -1).includes('*') ? wanted.slice(0, -1) : undefined;
      if (word === wanted || word.replace(/\/+$/, '') === wanted.replace(/\/+$/, '') || (prefix !== undefined && word.startsWith(prefix))) {
        found = i;
        break;
      }
    }
    if (found === -1) return false;
    at = found + 1;
  }
  return true;
}
