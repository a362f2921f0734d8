// Reading a transcript: the reader each format needs, and whether a file is a benchmark case instead.
export * from './parse';
export * from './caseSniff';
