// The catalog area's public face: what other domain areas import from it (docs/architecture.md#import-rules).
export * from './filters';
export * from './illustrations';
export * from './responses';
export * from './schemas';
export * from './topics';
