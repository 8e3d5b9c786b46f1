// The sign-in pages' calls to the gateway (POST /login and the password steps, admin-and-sign-in §7–8), on any
// transport: fetch on the sign-in page's first download (no axios there), the workspace's axios client once it
// has loaded (tests answer it with their fake gateway). Requests and answers are checked by the zod contract,
// which loads on demand (signInContract.ts).
import type { LoginChallenge, LoginRequest, LoginResponse } from "../../contract/auth";
import { API_BASE } from "../../contract/constants";
import { minutesToWait } from "../../api/retryAfter";
import { msg, serverText, type Message } from "../../i18n/message";
import type { SignInContract } from "./signInContract";

/** A gateway answer, whatever its status. */
export interface WireAnswer {
  status: number;
  data: unknown;
  header(name: string): string | null;
}
/** Posts a JSON body under the API's base; rejects only when no answer came (network down, blocked). */
export type Transport = (path: string, body: unknown) => Promise<WireAnswer>;

export type CreatePasswordValues = { email: string; session: string; password: string };
export type ResetPasswordValues = { email: string };
export type ResetPasswordConfirmValues = { email: string; code: string; password: string };

export type LoginOutcome =
  | { kind: "signed-in"; account: LoginResponse; token: string }
  | { kind: "challenge"; challenge: LoginChallenge }
  | { kind: "failed"; message: Message };

/** How a create-password or reset-password step went; field errors are keyed by the wire field name. */
export type StepOutcome = { ok: true } | { ok: false; message?: Message; fields?: Record<string, Message> };

export interface SignInClient {
  /** The zod contract the pages validate with; the same promise every time. */
  contract(): Promise<SignInContract>;
  /** The contract if it has loaded already (a form then checks its values at once). */
  contractNow(): SignInContract | undefined;
  login(values: LoginRequest): Promise<LoginOutcome>;
  createPassword(values: CreatePasswordValues): Promise<StepOutcome>;
  requestPasswordReset(values: ResetPasswordValues): Promise<StepOutcome>;
  confirmPasswordReset(values: ResetPasswordConfirmValues): Promise<StepOutcome>;
}

/** fetch, as the sign-in page's first download sends: JSON in, JSON (or nothing) out. */
export function fetchTransport(fetchImpl: typeof fetch = (...args) => fetch(...args)): Transport {
  return async (path, body) => {
    const response = await fetchImpl(`${API_BASE}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): kept as text, which no schema reads.
    }
    return { status: response.status, data, header: (name) => response.headers.get(name) };
  };
}

/** The token in an answer's `Authorization: Bearer …` header, if it carries one. */
export function bearerOf(answer: WireAnswer): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(answer.header("authorization")?.trim() ?? "");
  return match ? match[1] : null;
}

const ok = (answer: WireAnswer) => answer.status >= 200 && answer.status < 300;

export function createSignInClient(
  transport: Transport,
  load: () => Promise<SignInContract> = () => import("./signInContract"),
): SignInClient {
  let loaded: Promise<SignInContract> | undefined;
  let ready: SignInContract | undefined;
  const contract = () => {
    const pending = (loaded ??= load().then((module) => (ready = module)));
    // A chunk that failed to load (network) is asked for again next time.
    pending.catch(() => {
      if (loaded === pending) loaded = undefined;
    });
    return pending;
  };
  /** Sends; undefined when no answer came. */
  const send = (path: string, body: unknown) => transport(path, body).catch(() => undefined);

  /** Failures of the password steps: field errors under the fields, everything else above the form. */
  const stepFailure = async (
    answer: WireAnswer | undefined,
    expired: Message,
    throttledKey = "accounts.login.failed.throttled",
  ): Promise<StepOutcome> => {
    if (!answer) return { ok: false, message: msg("errors.connection") };
    if (answer.status === 429) return { ok: false, message: throttled(answer, throttledKey) };
    if (answer.status === 401) return { ok: false, message: expired };
    const body = (await contract()).ErrorBody.safeParse(answer.data);
    const fields = Object.fromEntries(
      Object.entries(body.data?.errors ?? {})
        .filter(([, messages]) => messages.length > 0)
        .map(([field, messages]) => [field, serverText(messages[0])]),
    );
    if (Object.keys(fields).length > 0) return { ok: false, fields };
    return { ok: false, message: body.data ? serverText(body.data.message) : msg("errors.unknown") };
  };

  const step = async (
    path: string,
    body: unknown,
    expired: Message,
    throttledKey?: string,
  ): Promise<StepOutcome> => {
    const answer = await send(path, body);
    return answer && ok(answer) ? { ok: true } : stepFailure(answer, expired, throttledKey);
  };

  return {
    contract,
    contractNow: () => ready,

    async login(values) {
      const c = await contract();
      const answer = await send("/login", c.LoginRequest.parse(values));
      if (answer?.status === 201) {
        const account = c.LoginResponse.safeParse(answer.data);
        if (!account.success) return { kind: "failed", message: msg("accounts.login.failed.unknown") };
        return {
          kind: "signed-in",
          account: account.data,
          token: bearerOf(answer) ?? account.data.access_token,
        };
      }
      if (answer && ok(answer)) {
        const challenge = answer.status === 202 ? c.LoginChallenge.safeParse(answer.data) : undefined;
        if (challenge?.success) return { kind: "challenge", challenge: challenge.data };
        return { kind: "failed", message: msg("accounts.login.failed.info") };
      }
      const message = c.ErrorBody.safeParse(answer?.data).data?.message;
      return { kind: "failed", message: loginFailure(answer?.status, message, answer) };
    },

    async createPassword(values) {
      const c = await contract();
      return step(
        "/login/create-password",
        c.CreatePasswordRequest.parse(values),
        msg("accounts.create_password.expired"),
      );
    },

    async requestPasswordReset(values) {
      const c = await contract();
      return step(
        "/login/reset-password",
        c.ResetPasswordRequest.parse(values),
        msg("errors.unknown"),
        "accounts.reset_password.throttled",
      );
    },

    async confirmPasswordReset(values) {
      const c = await contract();
      return step(
        "/login/reset-password/confirm",
        c.ResetPasswordConfirm.parse(values),
        msg("errors.unknown"),
      );
    },
  };
}

const throttled = (answer: WireAnswer, key = "accounts.login.failed.throttled") =>
  msg(key, { count: minutesToWait(answer.header("retry-after")) });

/** Failure texts of agent-workspace §8 / admin-and-sign-in §8, by HTTP status (undefined: no answer came). */
export function loginFailure(status: number | undefined, message?: string, answer?: WireAnswer): Message {
  switch (status) {
    case undefined:
      return msg("errors.connection");
    case 404:
      return msg("accounts.login.failed.not_found");
    case 401:
      return msg("accounts.login.failed.not_authorized");
    case 403:
      return message ? serverText(message) : msg("accounts.login.failed.not_authorized");
    case 422:
      return msg("accounts.login.failed.incorrect");
    case 429:
      return answer ? throttled(answer) : msg("accounts.login.failed.throttled", { count: 1 });
    default:
      return msg("accounts.login.failed.unknown");
  }
}
