// JSON read with its source offsets, JSON or YAML sources with paths to their values, JSON Schema lookups.
export * from './json';
export * from './structuredSource';
export * from './jsonSchemaLookup';
