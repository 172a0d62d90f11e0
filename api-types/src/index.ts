import type { paths } from './openapi';

export type { paths };

/** A public path as the web calls it (without `/api/v1`), e.g. `'/wallet/summary'` or `'/games/{id}'`. */
export type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type OperationOf<P extends ApiPath, M extends Method> = NonNullable<paths[P][M & keyof paths[P]]>;

/** What a call answers on success: its 200 body (201 where it creates). */
export type Answer<P extends ApiPath, M extends Method = 'get'> =
  OperationOf<P, M> extends { responses: infer R }
    ? R extends { 200: infer A }
      ? JsonOf<A>
      : R extends { 201: infer A }
        ? JsonOf<A>
        : never
    : never;

/** The JSON body a call takes. */
export type Payload<P extends ApiPath, M extends Method = 'post'> =
  OperationOf<P, M> extends { requestBody?: infer B } ? JsonOf<NonNullable<B>> : never;
