// Types of scripts/performance-doc.mjs, for bench/run.ts and test/unit/performance-doc.test.ts.
export const DOCUMENT: string;
export function readResult(file: string): string | null;
export function checkDocument(doc: string, read?: (file: string) => string | null): string[];
export function refreshDocument(doc: string, read?: (file: string) => string | null): string;
export function refreshPerformanceDoc(): { rewritten: number; problems: string[]; unquoted: string[] };
