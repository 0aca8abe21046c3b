import { chmodSync, rmSync } from "node:fs";
import { connect, createServer, type Server } from "node:net";
import path from "node:path";
import type { Logger } from "pino";
import type { CommandContext, CommandResult } from "./command.js";
import { isCommandName, runCommand } from "./registry.js";

/**
 * The running server's door for operator commands on the embedded database (decision 009): a Unix
 * socket in the data folder, readable and writable by the folder's owner only, reachable only from
 * this machine. A request is one JSON object `{ command, argv }` followed by the end of the
 * client's side; the answer is the command's result as JSON.
 */
export const SOCKET_FILE = "server.sock";
const MAX_REQUEST_BYTES = 64 * 1024;

export const socketPathOf = (dataDir: string) => path.join(dataDir, SOCKET_FILE);

export interface CommandSocket {
  close(): Promise<void>;
}

/** Starts answering commands on `DATA_DIR/server.sock`; the caller holds the data folder. */
export async function listenForCommands(opts: { dataDir: string; ctx: CommandContext; logger: Logger }): Promise<CommandSocket> {
  const file = socketPathOf(opts.dataDir);
  // Left by a server that did not stop cleanly; this process holds the folder now.
  rmSync(file, { force: true });
  const server: Server = createServer({ allowHalfOpen: true }, (socket) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const answer = (result: CommandResult) => socket.end(JSON.stringify(result));
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) {
        answer({ stdout: "", stderr: "The command is too long.\n", exitCode: 2 });
        socket.removeAllListeners("data");
        return;
      }
      chunks.push(chunk);
    });
    socket.on("end", async () => {
      if (size > MAX_REQUEST_BYTES) return;
      let request: { command?: unknown; argv?: unknown };
      try {
        request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return answer({ stdout: "", stderr: "The request is not JSON.\n", exitCode: 2 });
      }
      const { command, argv } = request ?? {};
      if (!isCommandName(command) || !Array.isArray(argv) || !argv.every((a) => typeof a === "string")) {
        return answer({ stdout: "", stderr: "Unknown command.\n", exitCode: 2 });
      }
      try {
        const result = await runCommand(opts.ctx, command, argv);
        opts.logger.info({ command, subcommand: argv[0], exitCode: result.exitCode }, "operator command");
        answer(result);
      } catch (error) {
        opts.logger.error({ err: error, command }, "operator command failed");
        answer({ stdout: "", stderr: `The command failed in the server: ${(error as Error).message}\n`, exitCode: 1 });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      resolve();
    });
  });
  chmodSync(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rmSync(file, { force: true });
      }),
  };
}

/** The socket does not answer: no server listens on it (stopped, or still starting). */
export class NoCommandSocketError extends Error {}

/** Sends one command to the server holding `dataDir` and returns its result. */
export function sendCommand(dataDir: string, command: string, argv: readonly string[]): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const socket = connect({ path: socketPathOf(dataDir), allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let connected = false;
    socket.on("connect", () => {
      connected = true;
      socket.end(JSON.stringify({ command, argv }));
    });
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reject(connected ? error : new NoCommandSocketError(error.code ?? error.message));
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as CommandResult);
      } catch {
        reject(new Error("The server's answer could not be read."));
      }
    });
  });
}
