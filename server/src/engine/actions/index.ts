// What a call does: verbs on targets (SPEC section 5), the vocabulary binding produces and the audit judges.
export * from './actions';
