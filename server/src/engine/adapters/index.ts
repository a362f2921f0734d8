import type { Adapter } from './types';
import { anthropicAdapter } from './anthropic';
import { codexAdapter, codexSavedSessionAdapter } from './codex';
import { claudeCodeAdapter } from './claudeCode';
import { geminiJsonAdapter, geminiJsonlAdapter, geminiStreamJsonAdapter } from './gemini';
import { agentDojoAdapter, genericChatAdapter, sweAgentAdapter, tauBenchAdapter } from './generic';
import { inspectAdapter } from './inspect';
import { openAiChatAdapter } from './openaiChat';
import { openHandsAdapter, openHandsOutputAdapter } from './openhands';
import { openAiResponsesAdapter } from './openaiResponses';
import { otelGenAiAdapter } from './otel';

export type { JsonlAdapter } from './types';
export { claudeCodeAdapter, codexAdapter, geminiJsonlAdapter };

/** Every adapter; the one whose sniff scores highest reads the document. */
export const ADAPTERS: readonly Adapter[] = [openAiChatAdapter, openAiResponsesAdapter, anthropicAdapter, geminiJsonAdapter, geminiJsonlAdapter, geminiStreamJsonAdapter, inspectAdapter, claudeCodeAdapter, codexAdapter, codexSavedSessionAdapter, tauBenchAdapter, agentDojoAdapter, sweAgentAdapter, openHandsAdapter, openHandsOutputAdapter, otelGenAiAdapter, genericChatAdapter];
