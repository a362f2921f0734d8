// The audit (SPEC section 6): each call judged against the constraints active at it, and the approvals it may use.
export * from './audit';
export * from './approvals';
export * from './notRun';
