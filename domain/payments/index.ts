// The payments area's public face: what other domain areas import from it (docs/architecture.md#import-rules).

export * from './instructions';
export * from './ledger';
export * from './providers';
export * from './refunds';
export * from './responses';
export * from './split';
export * from './status';
