import http from 'node:http';
import type { Express } from 'express';
import type { Socket } from 'node:net';

/**
 * The HTTP server for an Express app, whose requests and responses are born
 * with the app's own prototypes (`app.request`, `app.response`).
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
    app,
  );
}
