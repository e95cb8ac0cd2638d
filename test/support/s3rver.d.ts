// s3rver ships no types: the part the photo store's tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    /** No request log on stdout. */
    silent?: boolean;
    /** Where the buckets and objects are kept, as files. */
    directory?: string;
    configureBuckets?: { name: string; configs?: Array<string | Buffer> }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
