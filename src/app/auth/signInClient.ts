// The sign-in pages' calls to the gateway (POST /login and the password steps, admin-and-sign-in §7–8), on any
// transport: fetch on the sign-in page's first download (no axios there), the workspace's axios client once it
// has loaded (tests answer it with their fake gateway). Requests and answers are checked by the zod contract,
// which loads on demand (signInContract.ts).
import type { LoginChallenge, LoginRequest, LoginResponse } from "../../contract/auth";
import {
  bearerToken,
  firstFieldMessages,
  minutesToWait,
  type Transport,
  type WireAnswer,
} from "../../api/wire";
import { msg, serverText, type Message } from "../../i18n/message";
import type { SignInContract } from "./signInContract";

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
      Object.entries(firstFieldMessages(body.data?.errors)).map(([field, text]) => [field, serverText(text)]),
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
          token: bearerToken(answer.header("authorization")) ?? account.data.access_token,
        };
      }
      if (answer && ok(answer)) {
        const challenge = answer.status === 202 ? c.LoginChallenge.safeParse(answer.data) : undefined;
        if (challenge?.success) return { kind: "challenge", challenge: challenge.data };
        return { kind: "failed", message: msg("accounts.login.failed.info") };
      }
      return {
        kind: "failed",
        message: loginFailure(answer, c.ErrorBody.safeParse(answer?.data).data?.message),
      };
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

/** Failure texts of agent-workspace §8 / admin-and-sign-in §8, by HTTP status (no answer: a connection error). */
export function loginFailure(answer: WireAnswer | undefined, message?: string): Message {
  switch (answer?.status) {
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
      return throttled(answer);
    default:
      return msg("accounts.login.failed.unknown");
  }
}
