import { basename, dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type CodeAction, CodeActionKind, type Diagnostic, type Range, type TextEdit as LspTextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import { isActiveAt } from '../../engine/constraints';
import type { Finding } from '../../engine/findings';
import { EDITABLE_FORMATS, type TextEdit, addSuppression, repairEdits, revocationBefore, revocationSentence } from '../../engine/edits';
import { LineIndex } from '../../engine/text';
import type { SessionState, TranscriptState } from '../service/transcriptState';

/** What a published diagnostic remembers of its finding, so a quick fix finds it again. */
export interface DiagnosticData {
  readonly version: number;
  readonly session: number;
  readonly finding: number;
}

/** What an unresolved code action carries until the client asks for its edit. */
export interface CodeActionData {
  readonly uri: string;
  readonly version: number;
  readonly session: number;
  readonly fix: 'repair' | 'revoke' | 'suppress';
  readonly finding?: number;
  readonly constraintId?: string;
  readonly turnIndex?: number;
}

/** A file's text from the service's host; undefined when there is no such file. */
export type ReadText = (absolutePath: string) => string | undefined;

/** What the client can apply, from its capabilities. */
export interface EditSupport {
  /** Versioned document edits (`documentChanges`). */
  readonly documentChanges: boolean;
  /** Creating a file inside a workspace edit (for a policy file that does not exist yet). */
  readonly createFiles: boolean;
  /** The client resolves code actions' edits lazily (`codeAction/resolve`). */
  readonly resolve: boolean;
  readonly workspaceRoots: readonly string[];
}

/** The reason written into a new suppression: the person accepting the result says why. */
export const SUPPRESSION_REASON = 'Accepted in the editor; replace this with why the result is acceptable.';

function isDiagnosticData(value: unknown): value is DiagnosticData {
  const data = value as Partial<DiagnosticData> | undefined;
  return typeof data?.version === 'number' && typeof data.session === 'number' && typeof data.finding === 'number';
}

function shorten(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function lspEdits(lines: LineIndex, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: lines.range(e.span), newText: e.newText }));
}

function documentEdit(uri: string, version: number | null, edits: LspTextEdit[], support: EditSupport): WorkspaceEdit {
  return support.documentChanges ? { documentChanges: [{ textDocument: { uri, version }, edits }] } : { changes: { [uri]: edits } };
}

/**
 * The policy file a suppression goes into: the nearest one that applies to the transcript, else a
 * new `.ghost-lint.yaml` in the workspace folder holding it (or beside it, outside every folder).
 */
function policyTarget(document: TranscriptState, support: EditSupport, readText: ReadText): { path: string; text: string | undefined } | undefined {
  const [nearest] = document.policies;
  if (nearest) return { path: nearest.path, text: nearest.text };
  if (!document.uri.startsWith('file:')) return undefined;
  const file = fileURLToPath(document.uri);
  const root = support.workspaceRoots.filter((r) => file.startsWith(r.endsWith(sep) ? r : r + sep)).sort((a, b) => b.length - a.length)[0];
  const path = join(root ?? dirname(file), '.ghost-lint.yaml');
  return { path, text: readText(path) };
}

function findingOf(document: TranscriptState, data: { session: number; finding?: number }): { state: SessionState; finding: Finding } | undefined {
  const state = document.sessions[data.session];
  const finding = data.finding !== undefined ? state?.analysis.findings[data.finding] : undefined;
  return state && finding ? { state, finding } : undefined;
}

function action(document: TranscriptState, title: string, data: Omit<CodeActionData, 'uri' | 'version'>, diagnostic: Diagnostic | undefined, preferred = false): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    ...(diagnostic && { diagnostics: [diagnostic] }),
    ...(preferred && { isPreferred: true }),
    data: { uri: document.uri, version: document.version, ...data } satisfies CodeActionData,
  };
}

/**
 * Quick fixes: on a violating call, insert its repair, mark its constraint revoked from that turn,
 * or suppress the finding in the policy file; on a user message, mark a constraint that still
 * governs later calls revoked from there. Edits are computed when the client resolves the action
 * (or at once, for a client that cannot resolve).
 */
export function codeActions(document: TranscriptState, range: Range, diagnostics: readonly Diagnostic[], support: EditSupport, readText: ReadText): CodeAction[] {
  const actions: CodeAction[] = [];
  const revokable = new Set<string>();
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== 'ghost-lint' || !isDiagnosticData(diagnostic.data) || diagnostic.data.version !== document.version) continue;
    const found = findingOf(document, diagnostic.data);
    if (!found) continue;
    const { state, finding } = found;
    const data = { session: state.index, finding: diagnostic.data.finding };
    const repair = finding.repair;
    if (repair && (repair.call || repair.message !== undefined) && EDITABLE_FORMATS.includes(state.session.format)) {
      const title = repair.kind === 'confirmation' ? 'Insert the question asking the user to approve this call' : `Insert the repair before this call: ${repair.description}`;
      actions.push(action(document, title, { ...data, fix: 'repair' }, diagnostic, true));
    }
    const call = state.session.calls.find((c) => c.span.start === finding.span.start && c.id === finding.callId);
    if (call && finding.constraintId !== undefined && finding.ruleId !== 'call-stopped') {
      const sentence = revocationSentence(state.analysis.constraints, finding.constraintId, call.turnIndex);
      if (sentence !== undefined && EDITABLE_FORMATS.includes(state.session.format)) {
        revokable.add(`${state.index}:${finding.constraintId}:${call.turnIndex}`);
        actions.push(action(document, `Mark the constraint revoked from turn ${call.turnIndex}: insert the user message "${sentence}"`, { session: state.index, fix: 'revoke', constraintId: finding.constraintId, turnIndex: call.turnIndex }, diagnostic));
      }
    }
    const target = finding.callId !== undefined ? policyTarget(document, support, readText) : undefined;
    if (target && (target.text !== undefined || support.createFiles)) {
      actions.push(action(document, `Suppress ${finding.ruleId} on call ${finding.callId} in ${basename(target.path)} (with a reason)`, { ...data, fix: 'suppress' }, diagnostic));
    }
  }
  // On a user message: revoke from there any constraint that still governs a call after it.
  const here = document.turnAt(document.offset(range.start));
  if (here && here.turn.isUserMessage && here.turn.role === 'user' && EDITABLE_FORMATS.includes(here.state.session.format)) {
    const { state, turn } = here;
    for (const constraint of state.analysis.constraints) {
      if (!isActiveAt(constraint, turn.index - 1) || revokable.has(`${state.index}:${constraint.id}:${turn.index}`)) continue;
      if (!state.restoration.callsGovernedBy(constraint.id).some((c) => c.turnIndex >= turn.index)) continue;
      const sentence = revocationSentence(state.analysis.constraints, constraint.id, turn.index);
      if (sentence === undefined) continue;
      actions.push(action(document, `Mark "${shorten(constraint.text)}" revoked from turn ${turn.index}: insert the user message "${sentence}"`, { session: state.index, fix: 'revoke', constraintId: constraint.id, turnIndex: turn.index }, undefined));
    }
  }
  return support.resolve ? actions : actions.map((a) => resolveCodeAction(document, a, support, readText));
}

/** Computes a quick fix's edit; the action comes back unchanged when its document moved on or the edit cannot be made. */
export function resolveCodeAction(document: TranscriptState, codeAction: CodeAction, support: EditSupport, readText: ReadText): CodeAction {
  const data = codeAction.data as CodeActionData | undefined;
  if (!data || data.uri !== document.uri || data.version !== document.version) return codeAction;
  const state = document.sessions[data.session];
  if (!state) return codeAction;
  let edit: WorkspaceEdit | undefined;
  if (data.fix === 'repair') {
    const found = findingOf(document, data);
    const edits = found && repairEdits(state.session, found.finding);
    if (edits) edit = documentEdit(document.uri, document.version, lspEdits(document.lines, edits), support);
  } else if (data.fix === 'revoke' && data.constraintId !== undefined && data.turnIndex !== undefined) {
    const edits = revocationBefore(state.session, state.analysis.constraints, data.constraintId, data.turnIndex);
    if (edits) edit = documentEdit(document.uri, document.version, lspEdits(document.lines, edits), support);
  } else if (data.fix === 'suppress') {
    const found = findingOf(document, data);
    const target = policyTarget(document, support, readText);
    if (found && target && found.finding.callId !== undefined) {
      const suppression = { rule: found.finding.ruleId, call: found.finding.callId, reason: SUPPRESSION_REASON };
      const edits = lspEdits(new LineIndex(target.text ?? ''), addSuppression(target.path, target.text, suppression));
      const uri = pathToFileURL(target.path).href;
      edit = target.text === undefined
        ? { documentChanges: [{ kind: 'create', uri, options: { ignoreIfExists: true } }, { textDocument: { uri, version: null }, edits }] }
        : documentEdit(uri, null, edits, support);
    }
  }
  return edit ? { ...codeAction, edit } : codeAction;
}
