// The session (SPEC section 3): turns, calls and results with exact source ranges, the builder readers use, and JSON documents read line by line.
export * from './session';
export * from './builder';
export * from './document';
export * from './jsonScan';
