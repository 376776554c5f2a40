/** Types of haproxy.mjs, for the TypeScript tests that start a cluster. */
export interface Haproxy {
  url: string;
  output(): string;
  stop(): Promise<void>;
}
export function haproxyConfig(port: number, servers: ReadonlyArray<{ name: string; url: string }>): string;
export function startHaproxy(servers: ReadonlyArray<{ name: string; url: string }>, options?: { bin?: string }): Promise<Haproxy>;
