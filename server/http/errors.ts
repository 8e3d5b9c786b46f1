// One error shape for every 4xx: { message, errors?: { field: [messages] } } (the specification's
// "errors per field"). Bad input is always a 4xx, never a 5xx and never a write.
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import type { ErrorBody } from "../../src/contract/common";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the body a route's error schema declares (a refusal's reason key and values). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const MESSAGES = {
  invalid: "The given data was invalid.",
  unauthenticated: "Unauthenticated.",
  forbidden: "This action is unauthorized.",
  notFound: "The API Endpoint does not exist.",
  resourceNotFound: "Not found.",
  malformed: "The request body is not valid JSON.",
  server: "Something went wrong. Please try again or contact support",
} as const;

export const fieldError = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string[]> = {};
      for (const v of err.validation) {
        const field = v.instancePath.replace(/^\//, "").replace(/\//g, ".") || (err.validationContext ?? "body");
        (errors[field] ??= []).push(v.message ?? "is invalid");
      }
      return reply.code(422).send({ message: MESSAGES.invalid, errors } satisfies ErrorBody);
    }
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.statusCode).send({ ...err.extra, message: err.message, errors: err.errors } satisfies ErrorBody);
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ issues: err.cause.issues, url: err.url }, "response does not match its schema");
      return reply.code(500).send({ message: MESSAGES.server });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = err.code?.startsWith("FST_ERR_CTP_INVALID_JSON") || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
        ? MESSAGES.malformed
        : err.message;
      return reply.code(status).send({ message } satisfies ErrorBody);
    }
    req.log.error({ err }, "unhandled error");
    return reply.code(500).send({ message: MESSAGES.server } satisfies ErrorBody);
  });
}
