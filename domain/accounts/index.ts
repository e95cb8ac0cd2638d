// The accounts area's public face: what other domain areas import from it (docs/architecture.md#import-rules).
export * from './display-names';
export * from './responses';
export * from './schemas';
