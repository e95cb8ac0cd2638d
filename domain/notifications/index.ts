// The notifications area's public face (docs/architecture.md#import-rules): what a person is told, in the app and
// by email, and how the API shows it.
export * from './responses';
export * from './types';
