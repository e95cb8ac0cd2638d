// The shipping area's public face (docs/architecture.md#import-rules): the states an address may be in, addresses,
// and the per-state plant shipping rules.
export * from './addresses';
export * from './rules';
export * from './states';
