import type { Adapter } from './types';
import { anthropicAdapter } from './anthropic';
import { openAiChatAdapter } from './openaiChat';
import { openAiResponsesAdapter } from './openaiResponses';

/** Every adapter; the one whose sniff scores highest reads the document. */
export const ADAPTERS: readonly Adapter[] = [openAiChatAdapter, openAiResponsesAdapter, anthropicAdapter];
