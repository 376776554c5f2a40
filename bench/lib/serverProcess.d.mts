/** Types of serverProcess.mjs, for the TypeScript tests that start built server processes. */
import type { ChildProcess } from 'node:child_process';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}
export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  exited: Promise<Exit>;
  output(): string;
  memory(): { peakMb: number; rssMb: number };
  /** Sends a signal to this process alone; returns the send time (epochNow). */
  signal(name: NodeJS.Signals): number;
  stop(): Promise<Exit>;
}
export const root: string;
export const HOST: string;
export const SKYLINE_ADMIN: { username: string; password: string };
export const SERVER_DIST: string;
export function epochNow(): number;
export function cpuMs(pid: number): number;
export function freePort(): Promise<number>;
export function seedLeads(dataDir: string, leads: number, options?: { dist?: string }): number;
export function startServer(dataDir: string, options?: { logLevel?: string; env?: Record<string, string>; dist?: string }): Promise<ServerProcess>;
export function api(url: string, path: string, init?: RequestInit & { token?: string }): Promise<any>;
export function signIn(url: string, who?: { username: string; password: string }): Promise<{ token: string; companyId: number; workflows: Map<string, number> }>;
