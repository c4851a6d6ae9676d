import http from 'node:http';
import type { Express } from 'express';
import type { Socket } from 'node:net';

/**
 * A request listener that starts requests in the order they arrived, one per
 * turn of the event loop (decision 064).
 *
 * Node hands a process every request that arrived while it was busy in one
 * batch and runs them back to back; a request that arrives a moment after
 * that batch was taken, typically the next request of a connection answered
 * near the batch's end, then waits for the whole next batch before its turn
 * comes: about one in sixteen under a load of 16 connections per process,
 * at twice the usual latency. Here each turn starts one request and looks
 * for new arrivals before the next, so a request waits for those that came
 * before it and no others. A request whose connection closed while it
 * waited is not started.
 */
export function inArrivalOrder(listener: http.RequestListener): http.RequestListener {
  const waiting: Array<[http.IncomingMessage, http.ServerResponse]> = [];
  let scheduled = false;
  const startNext = (): void => {
    const next = waiting.shift();
    try {
      if (next && !next[0].socket.destroyed) listener(next[0], next[1]);
    } finally {
      if (waiting.length > 0) setImmediate(startNext);
      else scheduled = false;
    }
  };
  return (req, res) => {
    waiting.push([req, res]);
    if (!scheduled) {
      scheduled = true;
      setImmediate(startNext);
    }
  };
}

/**
 * The HTTP server for an Express app: requests start in the order they
 * arrived (`inArrivalOrder`), and requests and responses are born with the
 * app's own prototypes (`app.request`, `app.response`).
 *
 * Express gives every request its methods with `Object.setPrototypeOf(req,
 * app.request)` (and the same for the response). On an object Node has just
 * made, that changes its hidden class, and V8's young-generation collector
 * then keeps the request, the response and everything they reach alive past
 * their request: measured on a bare Express 5 app, a third of what each
 * request allocated was promoted to the old generation, so every scavenge
 * copied it and the old generation filled with garbage only a full
 * collection frees (decision 063). When the objects already have that
 * prototype, Express's call changes nothing and they die young, as on a
 * plain Node server.
 */
export function createHttpServer(app: Express): http.Server {
  function AppRequest(this: http.IncomingMessage, socket: Socket): void {
    http.IncomingMessage.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: http.ServerResponse, req: http.IncomingMessage, options?: object): void {
    (http.ServerResponse as unknown as (this: http.ServerResponse, ...args: unknown[]) => void).call(
      this,
      req,
      options,
    );
  }
  AppResponse.prototype = app.response;
  return http.createServer(
    {
      IncomingMessage: AppRequest as unknown as typeof http.IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof http.ServerResponse,
    },
    inArrivalOrder(app),
  );
}
