/** Languages whose documents the language server is given: it tells transcripts from other JSON by content. */
export const TRANSCRIPT_LANGUAGES = ['ghost-transcript', 'json', 'jsonl'] as const;

/** Benchmark case files by name, as `jsonValidation`/`yamlValidation` match them; YAML ones are handed to the server by name. */
export const CASE_FILE_MATCH = { json: ['*.case.json'], yaml: ['*.case.yaml', '*.case.yml'] } as const;
