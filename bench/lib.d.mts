// Types of the helpers in lib.mjs that the TypeScript benchmarks use.
export interface BenchServer {
  url: string;
  pid: number | undefined;
  startMs: number;
  readonly ended: string | undefined;
  stop(): Promise<void>;
}
export function startServer(opts?: { databaseUrl?: string; env?: Record<string, string> }): Promise<BenchServer>;
export function assertRunning(server: BenchServer): void;
