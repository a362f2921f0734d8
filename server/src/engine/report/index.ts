// Reports of a checked file: JSON (the schema), SARIF, Markdown, the gate command's answer, and the check of a file read in pieces.
export * from './report';
export * from './sarif';
export * from './markdownReport';
export * from './gateSchema';
export * from './streamedCheck';
export * from './streamedChat';
