import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosResponse,
} from "axios";
import { API_BASE, SERVER_TIME_HEADER } from "../contract/common";
import type { GatewayClock } from "../shared/clock";
import { bearerToken, type Transport } from "./wire";

/** What the HTTP client needs from the signed-in account; the MST account model satisfies it. */
export interface SessionPort {
  readonly signedIn: boolean;
  readonly accessToken: string | null;
  setAccessToken(token: string): void;
  signOut(): void;
}

export interface HttpOptions {
  session: SessionPort;
  /** Runs once per lost session, after the client state is cleared: tell the agent and show the login. */
  onSessionExpired(): void;
  /** Tests answer requests here instead of the network. */
  adapter?: AxiosAdapter;
  /** Learns the gateway's time from each answer's X-Server-Time. */
  clock?: Pick<GatewayClock, "learn" | "now" | "offset">;
}

declare module "axios" {
  interface AxiosRequestConfig {
    /**
     * Sent as the page goes away (pagehide: a reload, a closed tab): the request must outlive the page. Fetch
     * with keepalive does (up to 64 KiB of body), XHR is cancelled; so such a request goes by fetch.
     */
    keepalive?: boolean;
    /** When the request left, on the browser's own clock (for the gateway's time in its answer). */
    sentAt?: number;
  }
}

/** Code of the error a request gets when it is refused before it leaves the browser (no token, not /login). */
export const BLOCKED = "ERR_ISI_BLOCKED";

const isLoginCall = (url = "") => url.includes("/login");
const isLogoutCall = (url = "") => url.includes("/logout");

/** The token in a response's `Authorization: Bearer …` header, if it carries one. */
export function bearerFrom(response: Pick<AxiosResponse, "headers">): string | null {
  const value = AxiosHeaders.from(response.headers as AxiosHeaders).get("authorization");
  return bearerToken(typeof value === "string" ? value : null);
}

/** The gateway client of admin-and-sign-in §7: bearer in, rotated bearer out, 401 ends the session. */
export function createHttp({ session, onSessionExpired, adapter, clock }: HttpOptions): AxiosInstance {
  const http = axios.create({ baseURL: API_BASE, ...(adapter ? { adapter } : {}) });
  const browserNow = () => (clock ? clock.now() - clock.offset() : 0);

  http.interceptors.request.use((config) => {
    config.sentAt = browserNow();
    if (config.keepalive && !adapter) {
      config.adapter = "fetch";
      config.fetchOptions = { ...config.fetchOptions, keepalive: true };
    }
    const token = session.accessToken;
    if (token && !config.headers.has("Authorization")) config.headers.set("Authorization", `Bearer ${token}`);
    if (!isLoginCall(config.url) && !config.headers.has("Authorization")) {
      throw new AxiosError(`Not sent without an access token: ${config.url}`, BLOCKED, config);
    }
    return config;
  });

  const learnTime = (response: AxiosResponse) => {
    const stamp = Number(AxiosHeaders.from(response.headers as AxiosHeaders).get(SERVER_TIME_HEADER));
    const sentAt = response.config?.sentAt;
    if (clock && stamp > 0 && sentAt !== undefined) clock.learn(stamp, sentAt, browserNow());
  };

  const rotate = (response: AxiosResponse) => {
    // Sign-in stores its own token; a late answer after sign-out must not bring a token back.
    if (!session.signedIn || isLoginCall(response.config.url)) return;
    const token = bearerFrom(response);
    if (token) session.setAccessToken(token);
  };

  http.interceptors.response.use(
    (response) => {
      learnTime(response);
      rotate(response);
      return response;
    },
    (error: unknown) => {
      const response = axios.isAxiosError(error) ? error.response : undefined;
      if (response) learnTime(response);
      if (response?.status === 401) {
        const url = response.config.url;
        // Logout ends the session anyway; its own 401 needs no second message.
        if (session.signedIn && !isLoginCall(url) && !isLogoutCall(url)) {
          session.signOut();
          onSessionExpired();
        }
      } else if (response) {
        rotate(response);
      }
      return Promise.reject(error);
    },
  );
  return http;
}

/** The sign-in pages' transport on this client (every status answers; only a lost request rejects). */
export function axiosTransport(http: AxiosInstance): Transport {
  return async (path, body) => {
    const response = await http.post(path, body, { validateStatus: () => true });
    const headers = AxiosHeaders.from(response.headers as AxiosHeaders);
    return {
      status: response.status,
      data: response.data,
      header: (name) => {
        const value = headers.get(name);
        return value === undefined || value === null || value === false ? null : String(value);
      },
    };
  };
}
