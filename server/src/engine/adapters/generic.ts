import { SessionBuilder, joinPieces } from '../session/builder';
import type { JsonDocument } from '../session/document';
import { type JsonNode, at, bool, contentSpan, elementValues, isObject, items, nodeSpan, num, prop, rawSpanOfDecoded, str } from '../json/json';
import { eachItem, firstItems, someItem } from '../session/jsonScan';
import type { Session, TranscriptFormat } from '../session/session';
import type { Span } from '../text/text';
import { anthropicAdapter, hasToolBlock, readMessage as readAnthropicMessage } from './anthropic';
import { contentTextNodes, isChatMessageList, openAiChatAdapter, readChatMessage, readChatMessages } from './openaiChat';
import { openAiResponsesAdapter } from './openaiResponses';
import { type JsonAdapter, sniffOnce, SURE } from './types';

/*
 * Formats whose conversation is an OpenAI-style message list kept inside another container: tau-bench
 * and tau2-bench results, AgentDojo traces, SWE-agent trajectories, and any other JSON that nests a
 * chat message list (generic-chat).
 */

/**
 * One session per container (a tau-bench run, a tau2 simulation, a SWE-agent attempt). The document's
 * syntax errors go to the first; a document with no container still yields one session to carry them.
 */
export function sessionsOf<T>(
  doc: JsonDocument,
  format: TranscriptFormat,
  containers: Iterable<T>,
  read: (builder: SessionBuilder, container: T, index: number) => void,
): Session[] {
  const start = (): SessionBuilder => new SessionBuilder(format, doc.text);
  // One container at a time: a results file's runs are read (and their nodes let go) in turn.
  const builders: SessionBuilder[] = [];
  for (const container of containers) {
    const builder = start();
    read(builder, container, builders.length);
    builders.push(builder);
  }
  const first = builders[0] ?? start();
  for (const error of doc.errors) first.problem(error.span, error.message);
  return (builders.length > 0 ? builders : [first]).map((b) => b.build());
}

/** A string or number id (tau-bench numbers its tasks, tau2 names them). */
function label(node: JsonNode | undefined): string | undefined {
  const n = num(node);
  return str(node) ?? (n !== undefined ? String(n) : undefined);
}

function textOf(content: JsonNode | undefined): string {
  return contentTextNodes(content)
    .map((n) => String(n.value))
    .join('\n');
}

function messageList(builder: SessionBuilder, container: JsonNode, key: string): JsonNode | undefined {
  const list = prop(container, key);
  if (list?.type === 'array') return list;
  builder.problem(nodeSpan(list ?? container), `"${key}" should be a list of chat messages`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// tau-bench: EnvRunResult {task_id, reward, info, traj, trial}, alone or in a list; tau2-bench:
// Results {timestamp, info, tasks, simulations[{id, task_id, trial, messages}]}, or one simulation.

function isTauRun(node: JsonNode | undefined): boolean {
  return prop(node, 'traj')?.type === 'array' && (prop(node, 'task_id') !== undefined || prop(node, 'reward') !== undefined);
}

function isTau2Simulation(node: JsonNode | undefined): boolean {
  return (
    prop(node, 'messages')?.type === 'array' &&
    prop(node, 'task_id') !== undefined &&
    (prop(node, 'termination_reason') !== undefined || prop(node, 'reward_info') !== undefined)
  );
}

function runTitle(run: JsonNode): string {
  const trial = label(prop(run, 'trial'));
  return `task ${label(prop(run, 'task_id')) ?? '?'}${trial !== undefined ? ` trial ${trial}` : ''}`;
}

function readTauRun(builder: SessionBuilder, run: JsonNode): void {
  if (!isTauRun(run)) {
    builder.problem(nodeSpan(run), 'not a tau-bench result (no "traj" list); skipped');
    return;
  }
  builder.id = runTitle(run);
  builder.title = builder.id;
  const traj = prop(run, 'traj');
  if (traj) readChatMessages(builder, traj);
}

/** `policy` is the domain policy the agent's system prompt carries; tau2 keeps it once, in the results' info. */
function readTau2Simulation(builder: SessionBuilder, simulation: JsonNode, policy: JsonNode | undefined): void {
  builder.id = str(prop(simulation, 'id'));
  builder.title = runTitle(simulation);
  if (policy?.type === 'string') builder.addTurn({ role: 'system', kind: 'instructions', span: nodeSpan(policy), pieces: joinPieces([policy]) });
  for (const message of eachItem(messageList(builder, simulation, 'messages'))) {
    const timestamp = str(prop(message, 'timestamp'));
    readChatMessage(builder, message, timestamp !== undefined ? { timestamp } : {});
  }
}

export const tauBenchAdapter: JsonAdapter = {
  format: 'tau-bench',
  kind: 'json',
  sniff({ root }) {
    if (root?.type === 'array') {
      // A damaged element must not hide the rest: most of the first few being runs (or tau2 simulations, a
      // list of which some writers keep without the Results around it) is enough.
      const sample = firstItems(root, 5);
      const runs = sample.filter((item) => isTauRun(item) || isTau2Simulation(item)).length;
      return runs > 0 && runs * 2 >= sample.length ? 0.9 : 0;
    }
    if (isTauRun(root) || someItem(prop(root, 'simulations'), (s) => prop(s, 'messages')?.type === 'array')) return 0.9;
    // A lone simulation has "messages" too: outbid openai-chat's 0.9.
    return isTau2Simulation(root) ? 0.92 : 0;
  },
  parse(doc) {
    const root = doc.root;
    const simulations = prop(root, 'simulations');
    const policy = at(root, 'info', 'environment_info', 'policy');
    if (simulations) return sessionsOf(doc, 'tau-bench', eachItem(simulations), (builder, simulation) => readTau2Simulation(builder, simulation, policy));
    if (isTau2Simulation(root) && root) return sessionsOf(doc, 'tau-bench', [root], (builder, simulation) => readTau2Simulation(builder, simulation, undefined));
    if (root?.type === 'array' && firstItems(root, 5).some(isTau2Simulation)) {
      return sessionsOf(doc, 'tau-bench', eachItem(root), (builder, simulation) => readTau2Simulation(builder, simulation, undefined));
    }
    return sessionsOf(doc, 'tau-bench', root?.type === 'array' ? eachItem(root) : root ? [root] : [], readTauRun);
  },
};

// ---------------------------------------------------------------------------------------------
// AgentDojo TraceLogger output: {suite_name, pipeline_name, user_task_id, injection_task_id,
// attack_type, injections, messages, error, utility, security, duration}.

function readAgentDojoRun(builder: SessionBuilder, run: JsonNode): void {
  const suite = str(prop(run, 'suite_name'));
  const userTask = str(prop(run, 'user_task_id'));
  const injectionTask = str(prop(run, 'injection_task_id'));
  builder.id = [suite, userTask, injectionTask].filter((part) => part !== undefined).join('/');
  builder.title = [suite, userTask, injectionTask !== undefined ? `attacked by ${injectionTask}` : undefined].filter((part) => part !== undefined).join(' ');
  let query: string | undefined;
  for (const message of eachItem(messageList(builder, run, 'messages'))) {
    const role = str(prop(message, 'role'));
    if (role === 'user') {
      // AgentDojo sends the task as its one user message. A later user-role message was put there by the
      // pipeline (CrAIBench's memory retrieval is a tool result written with role "user"), unless it
      // repeats the task (the repeat_user_prompt defense).
      const text = textOf(prop(message, 'content'));
      const typed = query === undefined || text === query;
      query ??= text;
      readChatMessage(builder, message, typed ? {} : { kind: 'environment' });
    } else {
      // Models without call ids leave `id` null or "" (Gemini): the builder pairs each result with the
      // call of its function (`tool_call.function`) that is still waiting, as it does for repeated ids.
      readChatMessage(builder, message);
    }
  }
}

export const agentDojoAdapter: JsonAdapter = {
  format: 'agentdojo',
  kind: 'json',
  sniff({ root }) {
    const isTrace =
      str(prop(root, 'suite_name')) !== undefined &&
      prop(root, 'messages')?.type === 'array' &&
      (prop(root, 'user_task_id') !== undefined || prop(root, 'pipeline_name') !== undefined);
    // Above openai-chat, which reads the same "messages" without AgentDojo's rules.
    return isTrace ? SURE : 0;
  },
  parse(doc) {
    return sessionsOf(doc, 'agentdojo', doc.root ? [doc.root] : [], readAgentDojoRun);
  },
};

// ---------------------------------------------------------------------------------------------
// SWE-agent .traj: {environment, trajectory[{action, observation, response, thought, state, …}],
// history[{role, content, agent, message_type, is_demo?, action?, tool_calls?, tool_call_ids?}],
// info, replay_config}; a RetryAgent run adds attempts[] of the same shape.
//
// The history is the conversation. With function calling, assistant entries carry `tool_calls` and
// observations are `tool` entries naming `tool_call_ids`. Without it, an assistant entry's `action`
// string is the call: named by its first word when that is one of SWE-agent's interface commands
// (`edit`, `open`, `submit`, …), else `bash` (SWE-agent runs anything else in its shell); its input is
// `{command: action}` with the action string as the argument's range; the user-role entry that follows
// is its observation. The system prompt and the task (user entries before the first action) are user
// messages; demonstrations (`is_demo`) are not and carry no calls. Trajectory steps the history does
// not log are read too: actions SWE-agent refused and re-asked (blocked commands, syntax errors: stopped
// calls), and the final step, which older writers left out of the history.

/** SWE-agent's interface commands across its tool bundles; the run's own command docs add more. */
const SWE_AGENT_COMMANDS = [
  'open',
  'goto',
  'scroll_up',
  'scroll_down',
  'create',
  'edit',
  'insert',
  'append',
  'find_file',
  'search_dir',
  'search_file',
  'submit',
  'str_replace_editor',
  'filemap',
];

function commandNames(root: JsonNode | undefined): Set<string> {
  const names = new Set(SWE_AGENT_COMMANDS);
  const config = prop(root, 'replay_config');
  let docs: unknown = str(at(config, 'agent', 'tools', 'command_docs'));
  // Newer writers store the replay config as a JSON string.
  if (config?.type === 'string') {
    try {
      const parsed: unknown = JSON.parse(String(config.value));
      const agent = isObject(parsed) ? parsed['agent'] : undefined;
      const tools = isObject(agent) ? agent['tools'] : undefined;
      docs = isObject(tools) ? tools['command_docs'] : undefined;
    } catch {
      docs = undefined;
    }
  }
  if (typeof docs === 'string') for (const match of docs.matchAll(/^([A-Za-z_][\w-]*):\n\s+docstring:/gm)) if (match[1]) names.add(match[1]);
  return names;
}

function workingDir(step: JsonNode | undefined): string | undefined {
  const state = prop(step, 'state');
  if (state?.type === 'object') return str(prop(state, 'working_dir'));
  // Older writers stored the state as a Python dict's repr.
  return /'working_dir': '([^']*)'/.exec(str(state) ?? '')?.[1];
}

/**
 * Matches the history's actions to trajectory steps by action text, in order. Unmatched steps are the
 * ones the history does not log. Undefined when some history action has no step: then the two cannot
 * be reconciled and only the history is read.
 */
function alignSteps(entries: readonly JsonNode[], steps: readonly JsonNode[]): Map<number, number> | undefined {
  const matched = new Map<number, number>();
  if (steps.length === 0) return matched;
  let next = 0;
  for (const [i, entry] of entries.entries()) {
    const action = str(prop(entry, 'action'))?.trim();
    if (str(prop(entry, 'role')) !== 'assistant' || bool(prop(entry, 'is_demo')) === true || action === undefined) continue;
    let k = next;
    while (k < steps.length && str(prop(steps[k], 'action'))?.trim() !== action) k++;
    if (k === steps.length) return undefined;
    matched.set(i, k);
    next = k + 1;
  }
  return matched;
}

class SweAgentReader {
  private nextStep = 0;

  constructor(
    private readonly builder: SessionBuilder,
    private readonly steps: readonly JsonNode[],
    private readonly commands: ReadonlySet<string>,
  ) {}

  read(run: JsonNode): void {
    const history = prop(run, 'history');
    if (history && history.type !== 'array') this.builder.problem(nodeSpan(history), '"history" should be a list of messages');
    const entries = items(history);
    const alignment = alignSteps(entries, this.steps);
    if (!alignment) this.builder.problem(nodeSpan(prop(run, 'trajectory') ?? run), 'trajectory steps do not match the history\'s actions; only the history is read');
    let awaiting: string | undefined;
    let acted = false;
    entries.forEach((entry, i) => {
      const role = str(prop(entry, 'role'));
      if (bool(prop(entry, 'is_demo')) === true) {
        const pieces = joinPieces(contentTextNodes(prop(entry, 'content')));
        this.builder.addTurn({ role: role === 'assistant' ? 'assistant' : 'user', kind: 'meta', span: nodeSpan(entry), pieces });
      } else if (role === 'assistant') {
        const step = alignment?.get(i);
        if (step !== undefined) {
          this.readUnloggedSteps(step);
          this.nextStep = step + 1;
          this.setCwdBefore(step);
        }
        awaiting = this.readAction(entry, `history-${i}`);
        acted = true;
      } else if (role === 'user' && awaiting !== undefined) {
        this.readObservation(entry, prop(entry, 'content'), awaiting);
        awaiting = undefined;
      } else if (role === 'tool') {
        const callId = str(items(prop(entry, 'tool_call_ids'))[0]);
        readChatMessage(this.builder, entry, callId !== undefined ? { resultCallId: callId } : {});
        awaiting = undefined;
      } else {
        // Before the first action a user entry is the task; after it, text the harness adds.
        readChatMessage(this.builder, entry, role === 'user' && acted ? { kind: 'environment' } : {});
      }
    });
    if (alignment) this.readUnloggedSteps(this.steps.length);
  }

  /** Reads an assistant entry; returns the id of a call parsed from its `action`, awaiting its observation. */
  private readAction(entry: JsonNode, id: string): string | undefined {
    readChatMessage(this.builder, entry);
    if (items(prop(entry, 'tool_calls')).length > 0) return undefined;
    return this.addActionCall(prop(entry, 'action'), nodeSpan(entry), id);
  }

  private addActionCall(actionNode: JsonNode | undefined, span: Span, id: string): string | undefined {
    const action = str(actionNode);
    const word = /\S+/.exec(action ?? '');
    // An empty action is a format error: the model gave no command and nothing ran.
    if (!actionNode || action === undefined || !word) return undefined;
    const text = this.builder.text;
    const literal = nodeSpan(actionNode);
    const isCommand = this.commands.has(word[0]);
    this.builder.addCall({
      id,
      name: isCommand ? word[0] : 'bash',
      span,
      nameSpan: isCommand ? rawSpanOfDecoded(text, literal, word.index, word.index + word[0].length) : contentSpan(text, actionNode),
      input: { command: action },
      inputSpan: literal,
      argumentValues: [{ path: ['command'], value: action, span: literal, contentSpan: contentSpan(text, actionNode), escapeDepth: 1 }],
      batch: `action-${id}`,
    });
    return id;
  }

  private readObservation(entry: JsonNode, content: JsonNode | undefined, callId: string): void {
    this.builder.addTurn({ role: 'tool', kind: 'tool-result', span: nodeSpan(entry), pieces: joinPieces(contentTextNodes(content)) });
    this.builder.addResult(callId, { span: nodeSpan(entry), text: textOf(content) });
  }

  /** Reads the trajectory steps before `end` that the history does not log. */
  private readUnloggedSteps(end: number): void {
    for (; this.nextStep < end; this.nextStep++) {
      const index = this.nextStep;
      const step = this.steps[index];
      if (!step || !str(prop(step, 'action'))?.trim()) continue;
      this.builder.addTurn({ role: 'assistant', span: nodeSpan(step), pieces: joinPieces([prop(step, 'thought')]) });
      this.setCwdBefore(index);
      const id = this.addActionCall(prop(step, 'action'), nodeSpan(step), `trajectory-${index}`);
      const observation = prop(step, 'observation');
      if (!id) continue;
      // The last step always ran. An earlier unlogged step with no output is one SWE-agent refused
      // (blocked command, shell syntax error) before asking the model again.
      if (index === this.steps.length - 1 || (str(observation) ?? '') !== '') this.readObservation(observation ?? step, observation, id);
      else this.builder.markStopped(id, { kind: 'denied', message: 'SWE-agent did not run this action (blocked, or a shell syntax error) and asked the model again' });
    }
  }

  /** Steps record the state after they ran: the previous step's is the one this action started in. */
  private setCwdBefore(step: number): void {
    const cwd = workingDir(this.steps[step - 1]) ?? workingDir(this.steps[step]);
    if (cwd !== undefined) this.builder.cwd = cwd;
  }
}

function looksLikeSweAgentRun(node: JsonNode | undefined): boolean {
  const history = items(prop(node, 'history')).slice(0, 5);
  if (history.length > 0) {
    return history.every((e) => str(prop(e, 'role')) !== undefined) && history.some((e) => prop(e, 'message_type') !== undefined || prop(e, 'agent') !== undefined);
  }
  const steps = items(prop(node, 'trajectory')).slice(0, 5);
  return steps.length > 0 && steps.every((s) => prop(s, 'action') !== undefined && prop(s, 'observation') !== undefined);
}

export const sweAgentAdapter: JsonAdapter = {
  format: 'swe-agent',
  kind: 'json',
  sniff({ root }) {
    if (root?.type !== 'object') return 0;
    return looksLikeSweAgentRun(root) || items(prop(root, 'attempts')).some(looksLikeSweAgentRun) ? 0.9 : 0;
  },
  parse(doc) {
    const commands = commandNames(doc.root);
    const read = (builder: SessionBuilder, run: JsonNode): void => new SweAgentReader(builder, items(prop(run, 'trajectory')), commands).read(run);
    // A RetryAgent's top level repeats its best attempt; the attempts are the runs.
    const attempts = items(prop(doc.root, 'attempts'));
    if (attempts.length > 0) {
      return sessionsOf(doc, 'swe-agent', attempts, (builder, attempt, index) => {
        builder.title = `attempt ${index + 1}`;
        read(builder, attempt);
      });
    }
    return sessionsOf(doc, 'swe-agent', doc.root ? [doc.root] : [], read);
  },
};

// ---------------------------------------------------------------------------------------------
// generic-chat: any other JSON holding a chat message list in a container ({"conversation": [...]},
// {"data": {"messages": [...]}}), found breadth first within three levels. A top-level list of such
// containers gives one session each.

const SEARCH_DEPTH = 3;
/** Elements of a list looked into while searching; a message list comes early or not at all. */
const SEARCH_WIDTH = 20;

function looksLikeMessages(node: JsonNode): boolean {
  return isChatMessageList(node) && someItem(node, (m) => prop(m, 'content') !== undefined || prop(m, 'tool_calls') !== undefined);
}

function findMessageList(node: JsonNode | undefined, depth: number): JsonNode | undefined {
  let level = node ? [node] : [];
  for (let d = 0; d <= depth && level.length > 0; d++) {
    const found = level.find(looksLikeMessages);
    if (found) return found;
    level = level.flatMap((n) =>
      n.type === 'object' ? (n.children ?? []).flatMap((property) => property.children?.[1] ?? []) : firstItems(n, SEARCH_WIDTH),
    );
  }
  return undefined;
}

function containersOf(root: JsonNode | undefined): { containers: readonly JsonNode[]; depth: number } {
  if (root?.type === 'array' && !looksLikeMessages(root)) return { containers: items(root), depth: SEARCH_DEPTH - 1 };
  return { containers: root ? [root] : [], depth: SEARCH_DEPTH };
}

function hasAnthropicToolBlocks(list: JsonNode): boolean {
  return elementValues(list).some(hasToolBlock);
}

function readConversation(builder: SessionBuilder, list: JsonNode): void {
  if (!hasAnthropicToolBlocks(list)) {
    readChatMessages(builder, list);
    return;
  }
  for (const message of eachItem(list)) {
    const role = str(prop(message, 'role'));
    if (role === 'user' || role === 'assistant') readAnthropicMessage(builder, message);
    else readChatMessage(builder, message);
  }
}

export const genericChatAdapter: JsonAdapter = {
  format: 'generic-chat',
  kind: 'json',
  sniff(doc) {
    // Files the dedicated chat adapters read are theirs, whatever they score.
    if ([openAiChatAdapter, anthropicAdapter, openAiResponsesAdapter].some((adapter) => sniffOnce(adapter, doc) > 0)) return 0;
    const { containers, depth } = containersOf(doc.root);
    // Low, so that every format that knows its container wins.
    return containers.slice(0, SEARCH_WIDTH).some((c) => findMessageList(c, depth)) ? 0.35 : 0;
  },
  parse(doc) {
    const { containers, depth } = containersOf(doc.root);
    const lists = containers.flatMap((c) => findMessageList(c, depth) ?? []);
    return sessionsOf(doc, 'generic-chat', lists, readConversation);
  },
};
