/*
 * The transcript view's script, run in the webview (built to dist/transcriptView.js). It renders the
 * model the extension passes on from the language server, and only what is on screen: rows are
 * grouped in chunks, and a chunk's rows exist only while it is near the viewport (an
 * IntersectionObserver renders and drops them); a chunk off screen keeps its measured height, so a
 * 10,000-turn session scrolls like a short one. Every element with a source range reveals it on click.
 */
import type { ExtensionToView, Position, Range, TranscriptViewModel, ViewCall, ViewFinding, ViewHighlight, ViewSession, ViewToExtension, ViewTurn } from '../../shared/transcriptView';

declare function acquireVsCodeApi(): { postMessage(message: ViewToExtension): void };

const vscode = acquireVsCodeApi();
const post = (message: ViewToExtension) => vscode.postMessage(message);

/** Rows per chunk: small enough that a chunk renders in a frame, large enough to keep the chunks few. */
const CHUNK = 20;
/** How far beyond the viewport chunks are kept rendered, so a scroll shows rows already there. */
const MARGIN = '1200px 0px';
/** A text longer than this many lines or characters is shown folded, with "show all". */
const FOLD_LINES = 14;
const FOLD_CHARS = 1500;
/** Arguments and results at most this long are shown open. */
const OPEN_LINES = 8;
const OPEN_CHARS = 600;

type Row = { readonly kind: 'session'; readonly session: ViewSession; readonly index: number } | { readonly kind: 'turn'; readonly turn: ViewTurn; readonly previous?: ViewTurn };

const list = document.getElementById('list') as HTMLElement;
const meta = document.getElementById('meta') as HTMLElement;
const verdictLabel = document.getElementById('verdict') as HTMLButtonElement;
const notice = document.getElementById('notice') as HTMLElement;

let rows: Row[] = [];
/** Rows that are turns, in source order: the cursor's row is found among them by binary search. */
let turnRows: number[] = [];
/** Rows with a call that has an error or a warning: the verdict's button steps through them. */
let findingRows: number[] = [];
let chunks: HTMLElement[] = [];
/** Measured height of each chunk once it was rendered; an estimate until then. */
let heights: number[] = [];
const rendered = new Set<number>();
let current: number | undefined;
let painted = false;

const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      const index = Number((entry.target as HTMLElement).dataset.chunk);
      if (entry.isIntersecting) renderChunk(index);
      else dropChunk(index);
    }
  },
  { rootMargin: MARGIN },
);

const encodeRange = (r: Range) => `${r.start.line},${r.start.character},${r.end.line},${r.end.character}`;

function decodeRange(text: string): Range {
  const [sl, sc, el, ec] = text.split(',').map(Number) as [number, number, number, number];
  return { start: { line: sl, character: sc }, end: { line: el, character: ec } };
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An element that reveals `range` (in `uri` when another file: a policy rule) when clicked. */
function revealing<T extends HTMLElement>(node: T, range: Range, uri?: string): T {
  node.dataset.range = encodeRange(range);
  if (uri !== undefined) node.dataset.uri = uri;
  return node;
}

const lineCount = (text: string) => text.split('\n').length;
const lines = (text: string) => {
  const n = lineCount(text);
  return `${n} line${n === 1 ? '' : 's'}`;
};
const isLong = (text: string, lines: number, chars: number) => text.length > chars || lineCount(text) > lines;

/** A turn's text with its constraint sentences marked. */
function textWithHighlights(text: string, highlights: readonly ViewHighlight[]): HTMLElement {
  const node = element('div', 'text');
  let at = 0;
  for (const h of [...highlights].sort((a, b) => a.start - b.start)) {
    if (h.start < at) continue;
    node.append(text.slice(at, h.start));
    const mark = revealing(element('mark', `constraint ${h.kind}${h.violated ? ' violated' : ''}${h.ended ? ' ended' : ''}`, text.slice(h.start, h.end)), h.range);
    mark.title = `${h.kind}: ${h.compiled}${h.ended ? ' (ended later)' : ''}${h.violated ? ' (broken by a call)' : ''}`;
    node.append(mark);
    at = h.end;
  }
  node.append(text.slice(at));
  return node;
}

/** A long piece folded behind a summary; a short one shown as is. */
function foldable(label: string, body: HTMLElement, open: boolean): HTMLElement {
  const details = element('details');
  details.open = open;
  details.append(element('summary', undefined, label), body);
  return details;
}

function cutNote(range: Range): HTMLElement {
  return revealing(element('div', 'more', '… cut here: the rest is in the source (click to reveal)'), range);
}

function findingNode(finding: ViewFinding): HTMLElement {
  const node = revealing(element('div', `finding ${finding.level}`), finding.range);
  node.append(element('div', 'rule', `${finding.ruleId} (${finding.level})`));
  // The key fact first, the constraint it breaks (a click shows where it was said), the evidence folded.
  const [first = '', ...rest] = finding.message.split('\n');
  node.append(element('div', 'message', first));
  if (finding.constraint) {
    const broken = revealing(element('div', 'broken', 'breaks '), finding.constraint.location.range, finding.constraint.location.uri);
    broken.append(element('q', undefined, finding.constraint.text));
    node.append(broken);
  }
  if (rest.length > 0) node.append(foldable('details', element('div', 'message', rest.join('\n')), false));
  if (finding.level !== 'note') {
    const fix = element('button', 'fix', 'Quick Fix…');
    fix.dataset.fix = encodeRange(finding.range);
    fix.dataset.rule = finding.ruleId;
    node.append(fix);
  }
  return node;
}

function callNode(call: ViewCall): HTMLElement {
  const violating = call.findings.some((f) => f.level === 'error');
  const node = revealing(element('div', `call${violating ? ' violating' : ''}`), call.range);
  node.dataset.call = call.id;
  const head = element('div');
  head.append(revealing(element('span', 'name', call.name), call.nameRange));
  const status = call.stopped ? `stopped: ${call.stopped}` : call.status === 'unknown' ? 'no result recorded' : call.status;
  head.append(element('span', `status ${call.status}`, status));
  node.append(head);
  if (call.arguments !== '' && call.arguments !== '{}') {
    const args = element('pre', undefined, call.arguments);
    const argsBox = call.argumentsRange ? revealing(element('div'), call.argumentsRange) : element('div');
    argsBox.append(isLong(call.arguments, OPEN_LINES * 2, OPEN_CHARS * 2) ? foldable(`arguments · ${lines(call.arguments)}`, args, false) : args);
    if (call.argumentsTruncated && call.argumentsRange) argsBox.append(cutNote(call.argumentsRange));
    node.append(argsBox);
  }
  for (const finding of call.findings) node.append(findingNode(finding));
  if (call.result) {
    const result = revealing(element('div'), call.result.range);
    const body = element('pre', undefined, call.result.text);
    result.append(foldable(`result · ${call.result.status} · ${lines(call.result.text)}`, body, !isLong(call.result.text, OPEN_LINES, OPEN_CHARS)));
    if (call.result.truncated) result.append(cutNote(call.result.range));
    node.append(result);
  }
  return node;
}

function who(turn: ViewTurn): string {
  const kind = turn.kind === 'message' ? '' : ` · ${turn.kind.replaceAll('-', ' ')}`;
  const answers = turn.answers !== undefined ? ` · result of ${turn.answers}` : '';
  return `#${turn.index} ${turn.role}${kind}${answers}${turn.timestamp ? ` · ${turn.timestamp}` : ''}`;
}

function turnNode(turn: ViewTurn, previous: ViewTurn | undefined, rowIndex: number): DocumentFragment {
  const fragment = document.createDocumentFragment();
  // Where the session was compacted, and where a subagent's turns begin and end.
  if (turn.kind === 'compaction-boundary' || (turn.kind === 'compaction-summary' && previous?.kind !== 'compaction-boundary')) fragment.append(element('div', 'boundary', 'context compacted here'));
  if (turn.subagent !== (previous?.subagent ?? false)) fragment.append(element('div', 'boundary', turn.subagent ? 'subagent starts' : 'subagent ends'));
  const node = revealing(element('div', `turn ${turn.role}${turn.subagent ? ' subagent' : ''}`), turn.range);
  node.dataset.row = String(rowIndex);
  const header = element('div', 'who', who(turn));
  if (turn.highlights.length > 0) header.append(element('span', 'badge', `${turn.highlights.length} constraint${turn.highlights.length === 1 ? '' : 's'}`));
  node.append(header);
  if (turn.text !== '' && !(turn.kind === 'tool-result' && turn.answers !== undefined)) {
    const text = textWithHighlights(turn.text, turn.highlights);
    node.append(isLong(turn.text, FOLD_LINES, FOLD_CHARS) ? foldable(lines(turn.text), text, turn.highlights.length > 0) : text);
    if (turn.truncated) node.append(cutNote(turn.range));
  } else if (turn.kind === 'tool-result') {
    // The result is shown folded under its call; here, only its length.
    node.append(element('div', 'more', `${lines(turn.text)} (shown under the call)`));
  }
  for (const call of turn.calls) node.append(callNode(call));
  fragment.append(node);
  return fragment;
}

function rowNode(row: Row, index: number): Node {
  if (row.kind === 'turn') return turnNode(row.turn, row.previous, index);
  const s = row.session;
  return element('div', 'session', `Session ${row.index + 1}${s.title ? `: ${s.title}` : ''} · ${s.format}${s.cwd ? ` · ${s.cwd}` : ''}`);
}

function estimate(row: Row): number {
  if (row.kind === 'session') return 28;
  const t = row.turn;
  const textLines = Math.min(lineCount(t.text) + Math.floor(t.text.length / 100), FOLD_LINES);
  return 36 + textLines * 19 + t.calls.reduce((h, c) => h + 60 + c.findings.length * 90, 0);
}

function chunkEstimate(index: number): number {
  return rows.slice(index * CHUNK, (index + 1) * CHUNK).reduce((h, row) => h + estimate(row), 0);
}

function renderChunk(index: number): void {
  const node = chunks[index];
  if (!node || rendered.has(index)) return;
  const fragment = document.createDocumentFragment();
  const end = Math.min((index + 1) * CHUNK, rows.length);
  for (let i = index * CHUNK; i < end; i++) fragment.append(rowNode(rows[i] as Row, i));
  node.replaceChildren(fragment);
  node.style.height = '';
  rendered.add(index);
  if (current !== undefined && Math.floor(current / CHUNK) === index) rowElement(current)?.classList.add('current');
}

function dropChunk(index: number): void {
  const node = chunks[index];
  if (!node || !rendered.has(index)) return;
  heights[index] = node.getBoundingClientRect().height;
  node.style.height = `${heights[index]}px`;
  node.replaceChildren();
  rendered.delete(index);
}

function rowElement(index: number): HTMLElement | undefined {
  return (chunks[Math.floor(index / CHUNK)]?.querySelector(`[data-row="${index}"]`) as HTMLElement | null) ?? undefined;
}

/** The first row whose element shows below the header, and how far below: kept in place across updates. */
function anchor(): { row: number; top: number } | undefined {
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  for (const index of [...rendered].sort((a, b) => a - b)) {
    for (const node of chunks[index]?.querySelectorAll<HTMLElement>('[data-row]') ?? []) {
      const rect = node.getBoundingClientRect();
      if (rect.bottom > headerBottom) return { row: Number(node.dataset.row), top: rect.top };
    }
  }
  return undefined;
}

function verdictOf(model: TranscriptViewModel, verdict: string, violations: boolean): void {
  const turns = model.sessions.reduce((n, s) => n + s.turns.length, 0);
  const calls = model.sessions.reduce((n, s) => n + s.turns.reduce((m, t) => m + t.calls.length, 0), 0);
  meta.textContent = `${model.format ?? 'transcript'} · ${turns.toLocaleString('en')} turns · ${calls.toLocaleString('en')} calls`;
  verdictLabel.textContent = verdict;
  verdictLabel.className = `verdict${violations ? ' violations' : ''}`;
  const problems = model.sessions.flatMap((s) => s.otherFindings);
  const notes = [
    ...(model.fromDisk ? ['Read from disk as saved: the editor does not hold this file (too large, or not open).'] : []),
    ...problems.slice(0, 3).map((f) => `${f.ruleId}: ${f.message.split('\n')[0]}`),
    ...(problems.length > 3 ? [`and ${problems.length - 3} more problems (see the Problems panel)`] : []),
  ];
  notice.hidden = notes.length === 0;
  notice.textContent = notes.join('\n');
}

function show(model: TranscriptViewModel, verdict: string, violations: boolean): void {
  const wasAtBottom = painted && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 4;
  const kept = painted ? anchor() : undefined;
  verdictOf(model, verdict, violations);
  const oldRows = rows.length;
  rows = model.sessions.flatMap((session, index): Row[] => [
    ...(model.sessions.length > 1 ? [{ kind: 'session' as const, session, index }] : []),
    ...session.turns.map((turn, i): Row => ({ kind: 'turn', turn, ...(i > 0 && { previous: session.turns[i - 1] as ViewTurn }) })),
  ]);
  turnRows = rows.flatMap((row, i) => (row.kind === 'turn' ? [i] : []));
  findingRows = rows.flatMap((row, i) => (row.kind === 'turn' && row.turn.calls.some((c) => c.findings.some((f) => f.level !== 'note')) ? [i] : []));
  verdictLabel.disabled = findingRows.length === 0;
  observer.disconnect();
  rendered.clear();
  const count = Math.ceil(rows.length / CHUNK);
  // Heights measured before stay for the chunks whose rows were all there already; the rest are estimated.
  heights = heights.slice(0, Math.min(count, Math.floor(oldRows / CHUNK)));
  chunks = Array.from({ length: count }, (_, index) => {
    const node = element('div', 'chunk');
    node.dataset.chunk = String(index);
    node.style.height = `${heights[index] ?? chunkEstimate(index)}px`;
    return node;
  });
  list.replaceChildren(...chunks);
  if (wasAtBottom) {
    // Following a session as it grows: stay at its end.
    renderChunk(count - 1);
    window.scrollTo(0, document.documentElement.scrollHeight);
  } else if (kept) {
    renderChunk(Math.floor(kept.row / CHUNK));
    const node = rowElement(kept.row);
    if (node) window.scrollBy(0, node.getBoundingClientRect().top - kept.top);
  }
  for (const chunk of chunks) observer.observe(chunk);
  if (!painted) {
    painted = true;
    // After the first frame with rows in it: the time since the page started loading.
    requestAnimationFrame(() =>
      setTimeout(() => {
        const firstPaintMs = Math.round(performance.now());
        document.body.dataset.firstPaintMs = String(firstPaintMs);
        post({ type: 'rendered', turns: turnRows.length, firstPaintMs });
      }),
    );
  }
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);

/** Scrolls to the turn holding the source position (the text editor's cursor), and marks it. */
function followCursor(position: Position): void {
  let low = 0;
  let high = turnRows.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const row = rows[turnRows[mid] as number];
    if (row?.kind === 'turn' && before(row.turn.range.start, position)) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  if (found === -1) return;
  const index = turnRows[found] as number;
  if (index !== current) showRow(index);
}

/** Marks a row as the current one and scrolls it into view when it is not on screen. */
function showRow(index: number): void {
  if (current !== undefined) rowElement(current)?.classList.remove('current');
  current = index;
  renderChunk(Math.floor(index / CHUNK));
  const node = rowElement(index);
  if (!node) return;
  node.classList.add('current');
  const rect = node.getBoundingClientRect();
  const headerBottom = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  if (rect.top < headerBottom || rect.top > window.innerHeight) node.scrollIntoView({ block: 'center' });
}

document.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const fix = target.closest<HTMLElement>('button.fix');
  if (fix?.dataset.fix && fix.dataset.rule) {
    post({ type: 'quickFix', range: decodeRange(fix.dataset.fix), ruleId: fix.dataset.rule });
    return;
  }
  // Unfolding is not a reveal; neither is selecting text to copy it.
  if (target.closest('summary') || (window.getSelection()?.toString() ?? '') !== '') return;
  const source = target.closest<HTMLElement>('[data-range]');
  if (source?.dataset.range) post({ type: 'reveal', range: decodeRange(source.dataset.range), ...(source.dataset.uri !== undefined && { uri: source.dataset.uri }) });
});

// The verdict steps through the calls with findings, from the one shown now.
verdictLabel.addEventListener('click', () => {
  const next = findingRows.find((row) => current === undefined || row > current) ?? findingRows[0];
  if (next !== undefined) showRow(next);
});

window.addEventListener('message', (event: MessageEvent<ExtensionToView>) => {
  const message = event.data;
  if (message.type === 'model') show(message.model, message.verdict, message.violations);
  else if (message.type === 'cursor') followCursor({ line: message.line, character: message.character });
  else if (message.type === 'error') {
    meta.textContent = message.message;
    list.replaceChildren();
  }
});

post({ type: 'ready' });
