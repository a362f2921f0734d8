import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Diagnostic, type Disposable, type Hover, MarkdownString, type Tab, Uri, extensions, languages, window, workspace } from 'vscode';

/** How long a test waits for the language server's answer before it fails (first analyses start its worker). */
export const SIGNAL_TIMEOUT_MS = 30_000;

export interface Expected {
  readonly file: string;
  readonly format: string;
  readonly constraintLine: number;
  readonly violations: readonly { readonly callId: string; readonly lines: readonly [number, number] }[];
}

export function workspaceFolder(): string {
  const folder = workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!folder) throw new Error('the tests run with the fixture workspace open');
  return folder;
}

export function fixtureUri(name: string): Uri {
  return Uri.file(join(workspaceFolder(), name));
}

/** The fixture's expectations (from ../shared's expected.json): 1-based lines of the constraint and each violating call. */
export function expected(file: string): Expected {
  const all = JSON.parse(readFileSync(join(workspaceFolder(), 'expected.json'), 'utf8')) as Expected[];
  const found = all.find((e) => e.file === file);
  if (!found) throw new Error(`no expectation for ${file}`);
  return found;
}

export async function activateExtension(): Promise<void> {
  const extension = extensions.getExtension('ghost-lint.ghost-lint');
  if (!extension) throw new Error('ghost-lint is not installed in this VS Code');
  await extension.activate();
}

export const ghostLintDiagnostics = (uri: Uri): Diagnostic[] => languages.getDiagnostics(uri).filter((d) => d.source === 'ghost-lint');

/**
 * Resolves with what `find` finds, now or when one of the events `onChange` subscribes to fires;
 * fails after the timeout with `timedOut()`'s account of what there was instead.
 */
function waitUntil<T>(find: () => T | undefined, onChange: (recheck: () => void) => Disposable, timedOut: () => string): Promise<T> {
  return new Promise((resolve, reject) => {
    let subscription: Disposable | undefined;
    const timer = setTimeout(() => {
      subscription?.dispose();
      reject(new Error(timedOut()));
    }, SIGNAL_TIMEOUT_MS);
    const check = (): boolean => {
      const found = find();
      if (found === undefined) return false;
      clearTimeout(timer);
      subscription?.dispose();
      resolve(found);
      return true;
    };
    if (!check()) subscription = onChange(() => void check());
  });
}

/** Subscribes `recheck` to changes of `uri`'s diagnostics. */
const onDiagnosticsOf = (uri: Uri) => (recheck: () => void) =>
  languages.onDidChangeDiagnostics((e) => {
    if (e.uris.some((u) => u.toString() === uri.toString())) recheck();
  });

/** Resolves once `uri`'s ghost-lint diagnostics satisfy `predicate` (now or on a later change); fails after the timeout. */
export function waitForDiagnostics(uri: Uri, predicate: (diagnostics: Diagnostic[]) => boolean, what: string): Promise<Diagnostic[]> {
  return waitUntil(
    () => {
      const diagnostics = ghostLintDiagnostics(uri);
      return predicate(diagnostics) ? diagnostics : undefined;
    },
    onDiagnosticsOf(uri),
    () => `timed out waiting for ${what} on ${uri.path}; diagnostics: ${JSON.stringify(ghostLintDiagnostics(uri).map((d) => [d.code, d.range.start.line]))}`,
  );
}

export const codeOf = (d: Diagnostic) => (typeof d.code === 'object' ? String(d.code.value) : String(d.code));

/** Every hover's contents, as one text. */
export const hoverText = (hovers: readonly Hover[]) => hovers.flatMap((h) => h.contents.map((c) => (c instanceof MarkdownString ? c.value : typeof c === 'string' ? c : c.value))).join('\n');

/**
 * Resolves with the first diagnostic on `uri` from another source than ghost-lint (VS Code's JSON
 * language service, say) that satisfies `predicate`, now or on a later change; fails after the timeout.
 */
export function waitForForeignDiagnostic(uri: Uri, predicate: (diagnostic: Diagnostic) => boolean, what: string): Promise<Diagnostic> {
  return waitUntil(
    () => languages.getDiagnostics(uri).find((d) => d.source !== 'ghost-lint' && predicate(d)),
    onDiagnosticsOf(uri),
    () => `timed out waiting for ${what} on ${uri.path}; diagnostics: ${JSON.stringify(languages.getDiagnostics(uri).map((d) => [d.source, d.message]))}`,
  );
}

/** Resolves with the editor tab labelled `label` once the window shows it (tabs reach the extension host after the editor opens). */
export function waitForTab(label: string): Promise<Tab> {
  return waitForTabs((tabs) => tabs.find((t) => t.label === label), `the tab "${label}"`);
}

/** Resolves with what `find` finds among the window's tabs, now or once they change; fails after the timeout. */
export function waitForTabs<T>(find: (tabs: readonly Tab[]) => T | undefined, what: string): Promise<T> {
  const tabs = () => window.tabGroups.all.flatMap((g) => g.tabs);
  return waitUntil(
    () => find(tabs()),
    (recheck) => window.tabGroups.onDidChangeTabs(recheck),
    () => `timed out waiting for ${what}; tabs: ${JSON.stringify(tabs().map((t) => t.label))}`,
  );
}
