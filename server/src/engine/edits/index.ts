// Edits the editor offers on a transcript or a policy: a repair step inserted, a revocation, a suppression.
export * from './transcriptEdit';
export * from './repairEdit';
export * from './revocation';
export * from './policyEdit';
