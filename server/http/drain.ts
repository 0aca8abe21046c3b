import { createServer, type RequestListener, type Server, ServerResponse } from "node:http";

/** How long a stop waits for the requests under way before it closes every connection. */
const DRAIN_LIMIT_MS = 10_000;

export interface DrainingServer {
  server: Server;
  /**
   * Stops accepting connections and lets the requests under way finish, each answered with
   * `Connection: close`; resolves once every connection is closed. Idle kept-alive connections are
   * closed after `idleGraceMs`: a balancer closes its own before then, never racing the instance.
   */
  drain(opts: { idleGraceMs: number }): Promise<void>;
}

/**
 * An HTTP server that stops without failing a request a balancer sent it (decision 017). Node's own
 * `close()` also closes idle kept-alive connections at once: a balancer (nginx) that picked one of
 * them for a request in that moment sees the connection drop after sending, and does not send a
 * POST again elsewhere, so its client gets 502. Here every answer from the start of a stop on says
 * `Connection: close`, so a connection that carries a request is closed by the answer, and idle ones
 * are left to the balancer, which closes its own after its idle timeout.
 */
export function drainingServer(listener: RequestListener): DrainingServer {
  let draining = false;
  class DrainingResponse extends ServerResponse {
    // Every answer's head passes here (an implicit one too), also one of a request under way when the stop began.
    // biome-ignore lint/suspicious/noExplicitAny: the overloads of writeHead are passed on as they are.
    override writeHead(...args: any[]): this {
      if (draining) this.shouldKeepAlive = false;
      return (super.writeHead as (...a: unknown[]) => this)(...args);
    }
  }
  const server = createServer({ ServerResponse: DrainingResponse }, listener);
  return {
    server,
    async drain({ idleGraceMs }) {
      draining = true;
      // http.Server's close() stops accepting and closes the idle connections at once: the latter is left out.
      const closeIdle = server.closeIdleConnections;
      server.closeIdleConnections = () => {};
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections = closeIdle;
      const idle = setTimeout(() => server.closeIdleConnections(), idleGraceMs);
      const limit = setTimeout(() => server.closeAllConnections(), DRAIN_LIMIT_MS);
      await closed;
      clearTimeout(idle);
      clearTimeout(limit);
    },
  };
}
