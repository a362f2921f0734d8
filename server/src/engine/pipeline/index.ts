// One pipeline (SPEC section 2): its stages, a session's analysis state, a proposed call's judgement, and the audit state the live guard moves over appended lines.
export * from './stages';
export * from './sessionPipeline';
export * from './proposal';
export * from './auditState';
export * from './resume';
export * from './bindingMemo';
export * from './extractionMemo';
