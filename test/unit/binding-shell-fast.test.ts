import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { syntax, type ShNode } from 'mvdan-sh';
import ts from 'typescript';
import { bindShellCommand, bindShellCommandParsed, shellCommandMayBind } from '../../server/src/engine/binding/shell';
import { parseShell } from '../../server/src/engine/binding/shellParser';
import type { ShellCommand, ShellIf, ShellRedirect, ShellStatement, ShellTree, ShellWord, ShellWordPart } from '../../server/src/engine/binding/shellTree';
import type { CommandSource } from '../../server/src/engine/binding/types';
import { REPO_ROOT } from '../support/shared';

/*
 * Shell binding takes two shortcuts: commands that name no program it knows are not parsed at all,
 * and the parser's tree is read from GopherJS's own objects rather than through its JS API. Both
 * must give exactly what the slow way gives, on every command of the shell tests and on generated
 * ones built to trip them (names spelled through quotes, escapes, paths, ANSI-C quotes, line
 * continuations, substitutions, nested scripts, redirections, syntax errors).
 */

/** Every string literal of a source file. */
function stringLiterals(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The program names of the COMMANDS table (shellCommandTable.ts), as written in its source. */
function tableNames(): string[] {
  const path = join(REPO_ROOT, 'server/src/engine/binding/shellCommandTable.ts');
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const names: string[] = [];
  const visit = (node: ts.Node, inTable: boolean): void => {
    const table = inTable || (ts.isVariableDeclaration(node) && node.name.getText(source) === 'COMMANDS');
    if (table && ts.isObjectLiteralExpression(node)) {
      for (const property of node.properties) if (property.name) names.push(ts.isStringLiteral(property.name) ? property.name.text : property.name.getText(source));
      return;
    }
    ts.forEachChild(node, (child) => visit(child, table));
  };
  visit(source, false);
  return names;
}

/** Seeded generator of shell commands that probe the shortcut and the tree reading. */
function generatedCommands(count: number): string[] {
  let state = 20240611;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const known = ['rm', 'rm -rf', 'cp -r', 'mv', 'cat', 'head -n 5', 'git push -f origin', 'git reset --hard', 'git status', 'git checkout --', 'npm test', 'npm run deploy:prod', 'make check', 'pytest', 'cargo test', 'tar czf out.tgz', 'tar -xf a.tar -C', 'zip -r a.zip', 'gzip', 'tee', 'truncate -s 0', 'dd of=disk.img', 'find . -name x -delete', 'find src -exec rm {} +', 'xargs rm', 'xargs -I{} cp {}', 'sudo rm', 'timeout 5 rm', 'env A=1 rm', 'cd', 'pushd', 'popd', 'python script.py', 'python -m pytest', 'sqlite3 app.db', 'psql -d app -c', 'mysql -e', 'pg_dump -f dump.sql app', 'kubectl apply -n prod -f', 'terraform apply', 'vercel --prod', 'mail -s hi', 'rsync -a --delete', 'shred -u', 'docker exec db rm', 'bash -c', 'eval', 'py.test', 'docker-compose exec x rm', 'mariadb-dump app'];
  const unknown = ['ls', 'ls -la', 'echo', 'grep -rn foo', 'wc -l', 'pwd', 'sed -n 1,5p', 'jq .', 'curl -s', 'true', 'printf "%s\\n"', 'du -sh', 'sort', 'diff', 'chmod +x', 'mkdir -p', 'touch', 'export X=1', 'test -f', '[ -d x ]', 'rmx', 'gitk', 'catalog', 'my-rm', 'deployer'];
  const disguised = ['/usr/bin/rm', './rm', 'rm/', '"rm"', "'rm'", 'r\\m', '"r"m', "r''m", "$'\\x72m'", '$"rm"', 'r\\\nm', 'x\\\\\nrm', '\\rm', '$HOME/bin/rm', '"$HOME"/rm', './deploy.sh', 'scripts/deploy-prod.sh', 'DEPLOY.SH', '"./deploy".sh', '.deploy'];
  const args = ['a.txt', 'data/raw', 'build/', '-rf', '--file=out.tar', '.', '"a b"', "'c d'", '"$HOME/x"', '"$(rm q)"', '$X', '${HOME}', '~/z', '*.log', 'café.txt', '日本.md', '😀.txt', '{}', '\\;', '-delete', '`rm old`', '$(cat list)', '<(rm p)', '"x > y"', "'a && rm b'", 'rm', '+main', 'HEAD~2', 'x@acme.io', '"DROP TABLE users"', '/dev/null', '-', '--', '#rm', 'a#rm', "$'a\\tb'", '$((1+2))', '${x:-$(rm d)}', 'a\\ b', 'x=rm'];
  const operators = [' && ', ' && ', ' || ', '; ', ' | ', ' & ', '\n', ' |& '];
  const redirects = [' > out.txt', ' >> log', ' 2>&1', ' 2>/dev/null', ' < in.txt', ' <<< "DROP TABLE t"', ' &> all.log', ' >&2'];
  const simple = (): string => {
    const roll = random();
    const words = [roll < 0.4 ? pick(known) : roll < 0.85 ? pick(unknown) : pick(disguised)];
    for (let i = Math.floor(random() * 4); i > 0; i--) words.push(pick(args));
    if (random() < 0.1) words.unshift(pick(['FOO=1', 'sudo', 'time', 'nice -n 5', 'exec']));
    return words.join(' ') + (random() < 0.15 ? pick(redirects) : '');
  };
  const statement = (depth: number): string => {
    if (depth > 1 || random() < 0.72) return simple();
    const inner = (): string => list(depth + 1);
    switch (Math.floor(random() * 12)) {
      case 0: return `(${inner()})`;
      case 1: return `{ ${inner()}; }`;
      case 2: return `if ${simple()}; then ${inner()}; else ${inner()}; fi`;
      case 3: return `for f in a b; do ${inner()}; done`;
      case 4: return `while ${simple()}; do ${inner()}; done`;
      case 5: return `echo $(${inner()})`;
      case 6: return `bash -c "${inner().replace(/["\\$`]/g, '\\$&')}"`;
      case 7: return `sh -c '${inner().replace(/'/g, '')}'`;
      case 8: return `eval "${inner().replace(/["\\$`]/g, '\\$&')}"`;
      case 9: return `${simple()} <<EOF\n${inner()}\nEOF\n`;
      case 10: return `${simple()} # ${inner()}`;
      default: return `case $x in a) ${inner()};; esac`;
    }
  };
  const list = (depth: number): string => {
    let text = statement(depth);
    for (let i = Math.floor(random() * 3); i > 0; i--) text += pick(operators) + statement(depth);
    return text;
  };
  const broken = ['"unclosed', "'unclosed", '(', ')', 'if true', '$(', '`', '{', 'done', '&&'];
  return Array.from({ length: count }, () => {
    const text = list(0);
    return random() < 0.08 ? `${text} ${pick(broken)}${random() < 0.5 ? `\n${simple()}` : ''}` : text;
  });
}

/** Constructs where syntax.Walk's order, nil fields or UTF-8 offsets matter. */
const EDGE_CASES = [
  'a[$(rm i)]=$(rm v); rm x',
  'declare -A m=([$(rm k)]=$(rm v)) && export X=$(rm x)',
  'for ((i=$(rm a); i<$(rm b); i++)); do rm c; done',
  'case $(rm w) in $(rm p)) rm s;; esac',
  'echo ${x/$(rm o)/$(rm n)} ${y:-$(rm d)} ${z:1:$(rm l)} > $(rm r) <<< $(rm h)',
  'let x=$(rm l); [[ $(rm t) == y ]]; (( $(rm q) ))',
  'coproc rm c; time rm t; f() { rm f; }; ! rm n',
  'cat <(rm p) >(rm q) 2>&1',
  'echo "café" \'日本\' $HOME/😀 && rm "é/$x"',
  "rm $'caf\\xc3\\xa9' ${HOME}/a ${HOME:-x} ${#HOME} ${!HOME}",
  'cat <<EOF > out\nré $(rm z)\nEOF\n',
  "cat <<'EOF' | sqlite3 app.db\nDELETE FROM t;\nEOF\n",
  'rm a\ud800b; rm c',
];

const COMMANDS = [...new Set([...EDGE_CASES, ...stringLiterals(join(REPO_ROOT, 'test/unit/binding-shell.test.ts')), ...generatedCommands(400)])];

/** Offsets mapped through a function that is not the identity, so that a span computed twice would show. */
function source(command: string, cwd: string | undefined): CommandSource {
  return { command, cwd, spanOf: (start, end) => ({ start: start * 3 + 1, end: end * 3 + 2 }) };
}

test('the shortcut gives what the parse gives, on every command of the shell tests and hundreds of generated ones', () => {
  let skipped = 0;
  let bound = 0;
  for (const command of COMMANDS) {
    if (!shellCommandMayBind(command)) skipped += 1;
    for (const cwd of ['/cwd', undefined]) {
      const parsed = bindShellCommandParsed(source(command, cwd), { order: 2, chain: 3 });
      if (parsed.length > 0) bound += 1;
      assert.deepEqual(bindShellCommand(source(command, cwd), { order: 2, chain: 3 }), parsed, command);
    }
  }
  // Both paths are exercised: many commands skip the parse, many bind something.
  assert.ok(skipped > 100, `only ${skipped} of ${COMMANDS.length} commands skipped the parse`);
  assert.ok(bound > 300, `only ${bound} bindings gave actions`);
});

test('the shortcut parses every program the table knows, however it is written', () => {
  const names = tableNames();
  assert.ok(names.length > 100 && names.includes('rm') && names.includes('py.test') && names.includes('docker-compose'), names.join(' '));
  for (const name of names) {
    for (const command of [name, `/usr/bin/${name} x`, `"${name}" x`, `a; sudo '${name}'`, `ls | xargs ${name}/`]) assert.ok(shellCommandMayBind(command), command);
  }
  // Each of these binds an action: a word's value, not its spelling, names the program.
  for (const command of ['"r"m x', 'r\\m x', "r''m x", "$'\\x72m' x", '$"rm" x', 'x\\\\\nrm y', '"r\\\nm" x', 'ls > out.txt', 'ls | xargs rm', 'echo $(rm x)', 'echo `rm x`', './deploy.sh prod', 'bin/deploy', 'DEPLOY_prod.sh']) {
    assert.ok(shellCommandMayBind(command), command);
    assert.notDeepEqual(bindShellCommand(source(command, '/cwd')), [], command);
  }
  // A line continuation joins what the scan sees apart (`"r\⏎m"` is rm): always parsed.
  assert.ok(shellCommandMayBind('r\\\nm x'));
});

test('commands that name no program the table knows skip the parse', () => {
  for (const command of ['ls -la build', 'grep -rn TODO src | wc -l', 'echo done', 'pwd', 'mkdir -p out && touch out/a', 'ls 2</dev/null', 'rmx a', 'my-rm b', 'cat-file x', '.env']) {
    assert.equal(shellCommandMayBind(command), false, command);
  }
});

// ---------------------------------------------------------------------------------------------------
// The tree as the JS API gives it: the reading binding had before it read GopherJS's own objects.

const parser = syntax.NewParser();

function referenceTree(text: string): ShellTree | undefined {
  let file: ShNode;
  try {
    file = parser.Parse(text, 'command');
  } catch {
    return undefined;
  }
  const bytes = Buffer.from(text, 'utf8');
  const offset = (byteOffset: number): number => bytes.subarray(0, byteOffset).toString('utf8').length;
  const start = (node: ShNode): number => offset(node.Pos().Offset());
  const end = (node: ShNode): number => offset(node.End().Offset());
  const list = (value: unknown): ShNode[] => (value as ShNode[] | null) ?? [];
  const below = (node: ShNode, wanted: (type: string) => boolean): ShNode[] => {
    const found: ShNode[] = [];
    syntax.Walk(node, (child) => {
      if (child === null || child === node) return true;
      if (!wanted(syntax.NodeType(child))) return true;
      found.push(child);
      return false;
    });
    return found;
  };
  const childStatements = (node: ShNode): ShNode[] => below(node, (type) => type === 'Stmt');
  const part = (node: ShNode): ShellWordPart => {
    switch (syntax.NodeType(node)) {
      case 'Lit':
        return { kind: 'literal', start: start(node), end: end(node), value: node['Value'] as string };
      case 'SglQuoted':
        return { kind: 'single-quoted', start: start(node), end: end(node), dollar: node['Dollar'] as boolean, value: node['Value'] as string };
      case 'DblQuoted':
        return { kind: 'double-quoted', start: start(node), end: end(node), parts: list(node['Parts']).map(part) };
      case 'ParamExp': {
        const name = node['Param'] as ShNode | null;
        const operators = ['Index', 'Slice', 'Repl', 'Exp'].some((field) => node[field] !== null) || Boolean(node['Excl'] || node['Length'] || node['Width']);
        return { kind: 'expansion', start: start(node), end: end(node), plainHome: name?.['Value'] === 'HOME' && !operators };
      }
      default:
        return { kind: 'expansion', start: start(node), end: end(node), plainHome: false };
    }
  };
  const word = (node: ShNode): ShellWord => ({ start: start(node), end: end(node), parts: list(node['Parts']).map(part) });
  const redirect = (node: ShNode): ShellRedirect => {
    const descriptor = node['N'] as ShNode | null;
    const target = node['Word'] as ShNode | null;
    const heredoc = node['Hdoc'] as ShNode | null;
    return { op: node['Op'] as number, start: start(node), end: end(node), descriptor: descriptor ? (descriptor['Value'] as string) : undefined, word: target ? word(target) : undefined, heredoc: heredoc ? word(heredoc) : undefined };
  };
  const ifClause = (node: ShNode): ShellIf => {
    const otherwise = node['Else'] as ShNode | null;
    return { kind: 'if', condition: list(node['Cond']).map(statement), then: list(node['Then']).map(statement), else: otherwise ? ifClause(otherwise) : undefined };
  };
  const command = (owner: ShNode, node: ShNode): ShellCommand => {
    switch (syntax.NodeType(node)) {
      case 'CallExpr': {
        const substitutions = below(owner, (type) => type === 'CmdSubst' || type === 'ProcSubst').flatMap(childStatements);
        return { kind: 'call', start: start(node), end: end(node), args: list(node['Args']).map(word), substitutions: substitutions.map(statement) };
      }
      case 'BinaryCmd':
        return { kind: 'binary', op: node['Op'] as number, left: statement(node['X'] as ShNode), right: statement(node['Y'] as ShNode) };
      case 'IfClause':
        return ifClause(node);
      case 'WhileClause':
        return { kind: 'while', condition: list(node['Cond']).map(statement), body: list(node['Do']).map(statement) };
      default:
        return { kind: 'group', subshell: syntax.NodeType(node) === 'Subshell', statements: childStatements(node).map(statement) };
    }
  };
  function statement(node: ShNode): ShellStatement {
    const inner = node['Cmd'] as ShNode | null;
    return { command: inner ? command(node, inner) : undefined, redirects: list(node['Redirs']).map(redirect) };
  }
  return { text, statements: list(file['Stmts']).map(statement) };
}

test("reading GopherJS's own objects gives the tree the parser's JS API gives", () => {
  for (const text of COMMANDS) assert.deepEqual(parseShell(text), referenceTree(text), text);
});
