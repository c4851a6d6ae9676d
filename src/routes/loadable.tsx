import { Suspense, use, type ComponentType } from 'react';

/**
 * A webpack chunk loaded by `import()`, known by its `webpackChunkName`: the
 * name the client build's manifest (dist/client/entrypoints.json) lists its
 * files under, so the server can send them with a page that needs them.
 * Loaded once; a failed load is forgotten, so the next use tries again.
 */
export interface Chunk<M = unknown> {
  readonly name: string;
  /** The module once loaded (synchronously), else undefined. */
  readonly module: M | undefined;
  load(): Promise<M>;
}

export function defineChunk<M>(name: string, importer: () => Promise<M>): Chunk<M> {
  let module: M | undefined;
  let pending: Promise<M> | undefined;
  return {
    name,
    get module() {
      return module;
    },
    load() {
      pending ??= importer().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
}

/** Loads every chunk given (the page's, before the server renders it and before the browser hydrates it). */
export async function loadChunks(chunks: readonly Chunk[]): Promise<void> {
  await Promise.all(chunks.map((chunk) => chunk.load()));
}

/** A component whose code lives in a chunk, and the chunk. */
export type Loadable<P extends object = object> = ComponentType<P> & { readonly chunk: Chunk };

/**
 * A component of a chunk. Once the chunk is loaded it renders at once, with
 * nothing around it but an empty Suspense boundary, so the server's HTML and
 * the browser's first render are the same when both loaded it first (see
 * `firstLoadChunks`). Used before its chunk is loaded (a dialog opened for the
 * first time), it starts the load and shows nothing until the code is there;
 * during hydration React keeps the server's HTML meanwhile.
 */
export function loadable<M, P extends object>(chunk: Chunk<M>, pick: (module: M) => ComponentType<P>): Loadable<P> {
  function Loaded(props: P) {
    const Component = pick(chunk.module ?? use(chunk.load()));
    return <Component {...props} />;
  }
  function LoadableComponent(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return Object.assign(LoadableComponent, { chunk: chunk as Chunk });
}
