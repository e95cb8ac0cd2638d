// The shipping area's public face (docs/architecture.md#import-rules): the states an address may be in, addresses,
// the per-state plant shipping rules and the seller's shipping profile they read.
export * from './addresses';
export * from './check';
export * from './rules';
export * from './seller-profile';
export * from './states';
