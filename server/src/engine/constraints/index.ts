// A constraint: its rule, where it was stated, when it is active, and the targets its scope takes in.
export * from './constraints';
export * from './scope';
