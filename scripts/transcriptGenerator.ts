/**
 * Builds large Claude Code sessions for benchmarks: realistic line shapes (user prompts, assistant
 * text, Bash and Write tool_use blocks one per line, tool_result lines with sizeable output).
 */
export function claudeCodeSession(targetBytes: number): string {
  const sessionId = '7d1f0c2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f';
  const cwd = '/home/dev/projects/bench';
  const output = Array.from({ length: 40 }, (_, i) => `drwxr-xr-x  2 dev dev 4096 Sep 27 15:${String(i % 60).padStart(2, '0')} build-artifact-${i}`).join('\n');
  const lines: string[] = [];
  let bytes = 0;
  let parent: string | null = null;
  let turn = 0;
  const push = (record: Record<string, unknown>): void => {
    const uuid = `00000000-0000-4000-8000-${String(lines.length).padStart(12, '0')}`;
    const line = JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14', uuid, timestamp: new Date(Date.UTC(2026, 8, 27, 15, 0, lines.length)).toISOString(), ...record });
    parent = uuid;
    lines.push(line);
    bytes += line.length + 1;
  };
  while (bytes < targetBytes) {
    turn++;
    const messageId = `msg_${String(turn).padStart(20, '0')}`;
    const toolId = `toolu_${String(turn).padStart(20, '0')}`;
    push({ type: 'user', message: { role: 'user', content: `Step ${turn}: list the build folder and tell me what changed since the last step.` } });
    push({ type: 'assistant', message: { id: messageId, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: `Checking the build folder for step ${turn}.` }] } });
    push({ type: 'assistant', message: { id: messageId, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id: toolId, name: 'Bash', input: { command: `ls -la build/step-${turn} && cat "build/step-${turn}/notes.txt"`, description: 'List the build folder' } }] } });
    push({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: toolId, content: output, is_error: false }] }, toolUseResult: { stdout: output, stderr: '', interrupted: false } });
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Claude Code session of exactly `turns` lines (one turn each): the user's rule at the start, then
 * rounds of a request, the assistant's reply, a Bash call and its result, and at the end a Bash call
 * that breaks the rule (the transcript view's long-session test).
 */
export function claudeCodeSessionOfTurns(turns: number): string {
  const sessionId = '5e1f0c2e-4b5a-4c3d-9e8f-0a1b2c3d4e5f';
  const cwd = '/home/dev/projects/long-run';
  const lines: string[] = [];
  let parent: string | null = null;
  const push = (record: Record<string, unknown>): void => {
    const uuid = `00000000-0000-4000-9000-${String(lines.length).padStart(12, '0')}`;
    lines.push(JSON.stringify({ parentUuid: parent, isSidechain: false, userType: 'external', cwd, sessionId, version: '2.0.14', uuid, timestamp: new Date(Date.UTC(2026, 8, 27, 15, 0, lines.length)).toISOString(), ...record }));
    parent = uuid;
  };
  const bash = (id: string, command: string) => ({ type: 'assistant', message: { id: `msg_${id}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'tool_use', id, name: 'Bash', input: { command, description: 'Run a command' } }] } });
  const result = (id: string, output: string) => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: output, is_error: false }] } });
  push({ type: 'user', message: { role: 'user', content: 'Never delete anything under data/raw: it is the only copy of the field recordings.' } });
  for (let step = 1; lines.length + 4 <= turns - 2; step++) {
    const id = `toolu_${String(step).padStart(20, '0')}`;
    push({ type: 'user', message: { role: 'user', content: `Step ${step}: summarise reports/week-${step}.md.` } });
    push({ type: 'assistant', message: { id: `msg_text_${step}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: `Reading the report for week ${step}.` }] } });
    push(bash(id, `cat reports/week-${step}.md`));
    push(result(id, `# Week ${step}\n- 3 recordings processed\n- no errors`));
  }
  while (lines.length < turns - 2) push({ type: 'assistant', message: { id: `msg_pad_${lines.length}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Done.' }] } });
  push(bash('toolu_final', 'rm -rf data/raw/2024-06'));
  push(result('toolu_final', ''));
  return `${lines.join('\n')}\n`;
}
