// Findings: each violation on its call, with the rule it breaks and the repair plan for a missing step.
export * from './findings';
export * from './repair';
export * from './rules';
