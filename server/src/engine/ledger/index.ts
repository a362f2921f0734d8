// The constraint ledger (SPEC section 2): the constraints in force over time, with the workspace policies' rules.
export * from './ledger';
export * from './policy';
export * from './policyFiles';
