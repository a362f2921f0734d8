import type { Action, ActionAttributes, Verb } from '../actions/actions';
import type { Span } from '../text/text';
import type { LocatedString } from './callArguments';
import { FIRST_STEP } from './targetActions';
import { normalizePath, pathTarget } from './targets';
import type { BindingContext } from './types';

const PATCH_FILE_LINE = /^\*\*\* (Add File|Update File|Delete File|Move to): (.*)$/;
/** `apply_patch <<'EOF' … EOF`, as Codex runs it through a shell, optionally after `cd dir &&`. */
const PATCH_COMMAND = /^\s*(?:cd\s+("[^"]*"|'[^']*'|\S+)\s*&&\s*)?(?:apply_patch|applypatch)\b/;

/**
 * Codex's patch format: `*** Add File: p` writes p, `*** Update File: p` writes p (followed by `*** Move to:
 * q` it moves p to q and writes q), `*** Delete File: p` deletes p. Each action's span is the file path
 * inside the patch text.
 */
export function patchActions(patch: LocatedString, context: BindingContext): Action[] {
  const actions: Action[] = [];
  const action = (verb: Verb, path: { value: string; span: Span }, attributes: ActionAttributes = {}): Action => ({
    verb,
    target: pathTarget(path.value, context.cwd),
    attributes,
    span: path.span,
    step: FIRST_STEP,
    basis: 'builtin',
  });
  let pendingUpdate: { value: string; span: Span } | undefined;
  const flushUpdate = (): void => {
    if (pendingUpdate) actions.push(action('write', pendingUpdate));
    pendingUpdate = undefined;
  };
  let lineStart = 0;
  for (const line of patch.value.split('\n')) {
    const match = PATCH_FILE_LINE.exec(line.replace(/\r$/, ''));
    if (match) {
      const [, operation = '', rawPath = ''] = match;
      const pathStart = lineStart + line.indexOf(': ') + 2 + (rawPath.length - rawPath.trimStart().length);
      const value = rawPath.trim();
      const path = { value, span: patch.spanOf(pathStart, pathStart + value.length) };
      if (operation === 'Move to' && pendingUpdate) {
        actions.push(action('move', pendingUpdate, { destination: normalizePath(value, context.cwd) }), action('write', path));
        pendingUpdate = undefined;
      } else if (value !== '') {
        flushUpdate();
        if (operation === 'Update File') pendingUpdate = path;
        else if (operation === 'Add File') actions.push(action('write', path));
        else if (operation === 'Delete File') actions.push(action('delete', path));
      }
    }
    lineStart += line.length + 1;
  }
  flushUpdate();
  return actions;
}

/** A shell command that runs apply_patch on a heredoc: the patch's actions, in the `cd` folder if one is given. */
export function patchViaShell(command: LocatedString, context: BindingContext): Action[] | undefined {
  if (!command.value.includes('*** Begin Patch')) return undefined;
  const match = PATCH_COMMAND.exec(command.value);
  if (!match) return undefined;
  const folder = match[1]?.replace(/^["']|["']$/g, '');
  return patchActions(command, folder === undefined ? context : { ...context, cwd: normalizePath(folder, context.cwd) });
}
