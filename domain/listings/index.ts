// The listings area's public face: what other domain areas import from it (docs/architecture.md#import-rules).
export * from './photos';
export * from './plant-facts';
export * from './responses';
export * from './schemas';
