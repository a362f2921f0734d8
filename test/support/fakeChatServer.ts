import { type IncomingHttpHeaders, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A real HTTP server on 127.0.0.1 (random port) speaking the Chat Completions protocol
 * (POST /v1/chat/completions), scripted per test: a queue of replies, or a function of the request.
 * Faults are replies too: a late answer, no answer at all, an HTTP status with headers (429 with
 * Retry-After, 500), a body that is not JSON, tool calls whose arguments are not JSON, refusals.
 */

export interface ScriptedMessage {
  readonly content?: string | null;
  readonly refusal?: string | null;
  readonly toolCalls?: readonly { readonly name: string; readonly arguments: string; readonly id?: string }[];
}

export type ScriptedReply =
  | { readonly kind: 'message'; readonly message: ScriptedMessage; readonly finishReason?: string; readonly delayMs?: number }
  | { readonly kind: 'status'; readonly status: number; readonly body?: unknown; readonly headers?: Readonly<Record<string, string>> }
  | { readonly kind: 'raw'; readonly body: string }
  | { readonly kind: 'hang' };

export interface ReceivedRequest {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The JSON body as the client sent it. */
  readonly body: Record<string, unknown>;
}

export type Script = readonly ScriptedReply[] | ((request: ReceivedRequest, index: number) => ScriptedReply);

/** Reply builders, so a script reads like what the model does. */
export const reply = {
  text: (content: string): ScriptedReply => ({ kind: 'message', message: { content } }),
  toolCall: (name: string, args: Record<string, unknown> | string, id?: string): ScriptedReply => ({
    kind: 'message',
    message: { content: null, toolCalls: [{ name, arguments: typeof args === 'string' ? args : JSON.stringify(args), ...(id !== undefined && { id }) }] },
    finishReason: 'tool_calls',
  }),
  refusal: (text: string): ScriptedReply => ({ kind: 'message', message: { content: null, refusal: text } }),
  late: (delayMs: number, answer: ScriptedReply): ScriptedReply => (answer.kind === 'message' ? { ...answer, delayMs } : answer),
  status: (status: number, headers: Readonly<Record<string, string>> = {}): ScriptedReply => ({ kind: 'status', status, headers, body: { error: { message: `scripted ${status}`, type: 'scripted', code: null } } }),
  hang: (): ScriptedReply => ({ kind: 'hang' }),
  raw: (body: string): ScriptedReply => ({ kind: 'raw', body }),
};

/** The structured output a request asks for by name ("constraints" to compile, "restoration" to restore); undefined for an agent's turn. */
export function structuredOutputName(request: ReceivedRequest): string | undefined {
  return (request.body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
}

/** For a compile or restoration request, an answer that adds nothing; undefined for an agent's turn, which the script answers. */
export function nothingToAdd(request: ReceivedRequest): ScriptedReply | undefined {
  const name = structuredOutputName(request);
  if (name === undefined) return undefined;
  return reply.text(name === 'constraints' ? '{"constraints": []}' : '{"apply": []}');
}

function completionBody(reply: Extract<ScriptedReply, { kind: 'message' }>, index: number, model: unknown): unknown {
  const toolCalls = reply.message.toolCalls?.map((call, i) => ({ id: call.id ?? `call_${index}_${i}`, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  return {
    id: `chatcmpl-fake-${index}`,
    object: 'chat.completion',
    created: 0,
    model: typeof model === 'string' ? model : 'fake',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: reply.message.content ?? null, refusal: reply.message.refusal ?? null, ...(toolCalls && { tool_calls: toolCalls }) },
        finish_reason: reply.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

export class FakeChatServer {
  readonly requests: ReceivedRequest[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    private readonly script: Script,
  ) {}

  static async start(script: Script): Promise<FakeChatServer> {
    const server = createServer();
    const fake = new FakeChatServer(server, script);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => fake.answer(request.url ?? '', request.headers, Buffer.concat(chunks).toString('utf8'), response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The base URL a client is given (…/v1). */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  private next(request: ReceivedRequest, index: number): ScriptedReply {
    if (typeof this.script === 'function') return this.script(request, index);
    // A script that runs out answers 400, which clients do not retry: the test fails on it visibly.
    return this.script[index] ?? { kind: 'status', status: 400, body: { error: { message: `fake server: no reply scripted for request ${index + 1}` } } };
  }

  private answer(path: string, headers: IncomingHttpHeaders, text: string, response: ServerResponse): void {
    if (path !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${path}` } }));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'body is not JSON' } }));
      return;
    }
    const received = { path, headers, body };
    const index = this.requests.push(received) - 1;
    const scripted = this.next(received, index);
    switch (scripted.kind) {
      case 'hang':
        return;
      case 'raw':
        response.writeHead(200, { 'content-type': 'application/json' }).end(scripted.body);
        return;
      case 'status':
        response.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers }).end(JSON.stringify(scripted.body ?? {}));
        return;
      case 'message': {
        const send = () => {
          if (!response.destroyed) response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completionBody(scripted, index, body.model)));
        };
        if (!scripted.delayMs) return send();
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          send();
        }, scripted.delayMs);
        this.timers.add(timer);
      }
    }
  }

  /** Stops listening and drops open connections, hanging ones included. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
