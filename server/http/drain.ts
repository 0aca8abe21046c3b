import { createServer, type RequestListener, type Server, ServerResponse } from "node:http";

/** How long a stop waits for the requests under way before it closes every connection. */
const DRAIN_LIMIT_MS = 10_000;

export interface DrainingServer {
  server: Server;
  /**
   * Stops accepting connections and lets the requests under way finish, each answered with
   * `Connection: close`; resolves once every connection is closed. Idle kept-alive connections are
   * closed `idleGraceMs` after the last answer that left one open: a balancer closes its own before
   * then, never racing the instance.
   */
  drain(opts: { idleGraceMs: number }): Promise<void>;
}

/**
 * An HTTP server that stops without failing a request a balancer sent it (decisions 017, 018). Node's
 * own `close()` also closes idle kept-alive connections at once: a balancer (nginx) that picked one
 * of them for a request in that moment sees the connection drop after sending, and does not send a
 * POST again elsewhere, so its client gets 502. Here every answer from the start of a stop on says
 * `Connection: close`, so a connection that carries a request is closed by the answer, and idle ones
 * are left to the balancer, which closes its own after its idle timeout.
 */
export function drainingServer(listener: RequestListener): DrainingServer {
  let draining = false;
  /** When the last answer that left its connection open for more ended. */
  let lastKeptOpen = 0;
  let onKeptOpen = () => {};
  class DrainingResponse extends ServerResponse {
    // Every answer's head passes here (an implicit one too), also one of a request under way when the stop began.
    // biome-ignore lint/suspicious/noExplicitAny: the overloads of writeHead are passed on as they are.
    override writeHead(...args: any[]): this {
      if (draining) this.shouldKeepAlive = false;
      else this.once("finish", keptOpen);
      return (super.writeHead as (...a: unknown[]) => this)(...args);
    }
  }
  function keptOpen(this: ServerResponse) {
    if (!this.shouldKeepAlive) return;
    lastKeptOpen = performance.now();
    onKeptOpen();
  }
  const server = createServer({ ServerResponse: DrainingResponse }, listener);
  return {
    server,
    async drain({ idleGraceMs }) {
      draining = true;
      const stoppedAt = performance.now();
      // The balancer counts a connection's idle time from its last answer, so the grace does too: an
      // answer begun before the stop and ended after it leaves a connection open later than the stop.
      let idle: NodeJS.Timeout | undefined;
      onKeptOpen = () => {
        clearTimeout(idle);
        const due = Math.max(stoppedAt, lastKeptOpen) + idleGraceMs;
        idle = setTimeout(() => server.closeIdleConnections(), due - performance.now());
      };
      onKeptOpen();
      // The listener closes at once. A connection still in the kernel's queue then is reset, after the
      // balancer sent its request, which it does not send again if it is a POST; libuv handles a signal
      // after the turn's other events, the listener's included, so only one completed while this turn's
      // work ran is left there. Closing later would not help: each Connection: close answer makes the
      // balancer open yet another connection (decision 018).
      // http.Server's close() stops accepting and closes the idle connections at once: the latter is left out.
      const closeIdle = server.closeIdleConnections;
      server.closeIdleConnections = () => {};
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections = closeIdle;
      const limit = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
      await closed;
      clearTimeout(idle);
      clearTimeout(limit);
    },
  };
}
