/** Languages whose documents the language server is given: it tells transcripts from other JSON by content. */
export const TRANSCRIPT_LANGUAGES = ['ghost-transcript', 'json', 'jsonl'] as const;
