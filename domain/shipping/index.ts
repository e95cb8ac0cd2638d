// The shipping area's public face (docs/architecture.md#import-rules): the states an address may be in, addresses,
// the per-state plant shipping rules and the seller's shipping profile they read. The answers' schemas
// (./responses.ts) are left out: the catalog's filters import this face, so the client would carry them (building
// a schema and registering its id are work a bundler cannot drop); the server and the tests name that file.
export * from './addresses';
export * from './arrival';
export * from './check';
export * from './outlook';
export * from './rates';
export * from './rules';
export * from './seller-profile';
export * from './states';
export * from './zones';
