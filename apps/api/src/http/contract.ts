import type { operations } from '@fantasy-cricket/api-client';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import type { EmailWorker } from '../email/worker';
import type { SessionInfo } from './session';

/**
 * Handler types derived from the generated contract (packages/api-client/src/generated/schema.ts,
 * produced from openapi.yaml). There is no hand-written second contract: a handler's body, params,
 * query and answers are exactly what openapi.yaml says.
 */
export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : undefined;

export type RequestBody<K extends OperationId> = JsonOf<NonNullable<Op<K>['requestBody']>>;
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? P
  : Record<string, never>;
export type QueryParams<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? [Q] extends [never]
    ? Record<string, never>
    : NonNullable<Q>
  : Record<string, never>;

type Responses<K extends OperationId> = Op<K>['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;

/** What a handler answers: one of the operation's documented success statuses and its body. */
export type HandlerResult<K extends OperationId> = {
  [S in SuccessStatus<K>]: JsonOf<Responses<K>[S]> extends undefined
    ? { status: S; body?: undefined }
    : { status: S; body: JsonOf<Responses<K>[S]> };
}[SuccessStatus<K>];

/** Everything a handler may use; the rules themselves live in plain functions that take `deps`. */
export interface AppDeps {
  db: Kysely<DB>;
  config: Config;
  mail: EmailWorker;
  log: FastifyBaseLogger;
}

export interface HandlerContext<K extends OperationId> {
  body: RequestBody<K>;
  params: PathParams<K>;
  query: QueryParams<K>;
  /** The signed-in user; always set on operations that are not `security: []`. */
  session: SessionInfo | null;
  request: FastifyRequest;
  reply: FastifyReply;
  deps: AppDeps;
}

export type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<HandlerResult<K>>;

/** One handler per operationId of openapi.yaml; the compiler and the startup check both enforce it. */
export type HandlerMap = { [K in OperationId]: Handler<K> };
export type PartialHandlerMap<K extends OperationId> = { [P in K]: Handler<P> };
