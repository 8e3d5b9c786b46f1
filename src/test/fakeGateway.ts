import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";

export interface Reply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}
/** Stands for a request that never got an answer (gateway down). */
export const NETWORK_DOWN = { network: true } as const;

export interface SeenRequest {
  method: string;
  url: string;
  body: unknown;
  authorization: string | undefined;
  /** Every request header, lower-cased names. */
  headers: Record<string, string>;
}
type Answer = Reply | typeof NETWORK_DOWN;
type Handler = Answer | ((req: SeenRequest) => Answer | Promise<Answer>);

/**
 * A gateway in memory for axios: routes are "METHOD /path" (relative to /api/v1). Unknown routes answer 404.
 * It applies axios' validateStatus itself, as the built-in adapters do.
 */
export function fakeGateway(routes: Record<string, Handler> = {}) {
  const requests: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const req: SeenRequest = {
      method: (config.method ?? "get").toUpperCase(),
      url: config.url ?? "",
      body: typeof config.data === "string" ? JSON.parse(config.data) : config.data,
      authorization: AxiosHeaders.from(config.headers).get("Authorization")?.toString(),
      headers: Object.fromEntries(
        Object.entries(AxiosHeaders.from(config.headers).toJSON()).map(([k, v]) => [
          k.toLowerCase(),
          String(v),
        ]),
      ),
    };
    requests.push(req);
    const handler = routes[`${req.method} ${req.url}`] ?? {
      status: 404,
      data: { message: "The API Endpoint does not exist." },
    };
    const answer = typeof handler === "function" ? await handler(req) : handler;
    if ("network" in answer) throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {});
    const response = {
      data: answer.data ?? "",
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(answer.headers ?? {}),
      config,
      request: {},
    };
    if (config.validateStatus && !config.validateStatus(answer.status)) {
      const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, {}, response);
    }
    return response;
  };
  return { adapter, requests, routes };
}
