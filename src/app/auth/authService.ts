import type { AxiosInstance } from "axios";
import type { z } from "zod";
import { errorBody, fieldErrors, httpStatus, retryAfterMinutes } from "../../api/errors";
import { bearerFrom } from "../../api/http";
import {
  CreatePasswordRequest,
  LoginChallenge,
  LoginRequest,
  LoginResponse,
  ResetPasswordConfirm,
  ResetPasswordRequest,
} from "../../contract/auth";
import { msg, serverText, type Message } from "../../i18n/message";
import type { RootStore } from "../../store/root";
import type { Language } from "../../contract/common";

// The contract exports these schemas without their inferred types.
export type CreatePasswordValues = z.infer<typeof CreatePasswordRequest>;
export type ResetPasswordValues = z.infer<typeof ResetPasswordRequest>;
export type ResetPasswordConfirmValues = z.infer<typeof ResetPasswordConfirm>;

export type LoginOutcome =
  | { kind: "signed-in" }
  | { kind: "challenge"; challenge: LoginChallenge }
  | { kind: "failed"; message: Message };

/** How a create-password or reset-password step went; field errors are keyed by the wire field name. */
export type StepOutcome = { ok: true } | { ok: false; message?: Message; fields?: Record<string, Message> };

export interface AuthService {
  login(values: LoginRequest): Promise<LoginOutcome>;
  /** Tells the gateway, then forgets the session on this browser whatever the answer. */
  logout(): Promise<void>;
  /** The user menu's language: the screen switches at once, and the account keeps it for its next sign-in. */
  chooseLanguage(language: Language): Promise<void>;
  createPassword(values: CreatePasswordValues): Promise<StepOutcome>;
  requestPasswordReset(values: ResetPasswordValues): Promise<StepOutcome>;
  confirmPasswordReset(values: ResetPasswordConfirmValues): Promise<StepOutcome>;
}

const only2xx = { validateStatus: (status: number) => status >= 200 && status < 300 };

/** Failure texts of agent-workspace §8 / admin-and-sign-in §8, by HTTP status. */
export function loginFailure(error: unknown): Message {
  const status = httpStatus(error);
  switch (status) {
    case undefined:
      return msg("errors.connection");
    case 404:
      return msg("accounts.login.failed.not_found");
    case 401:
      return msg("accounts.login.failed.not_authorized");
    case 403: {
      const message = errorBody(error)?.message;
      return message ? serverText(message) : msg("accounts.login.failed.not_authorized");
    }
    case 422:
      return msg("accounts.login.failed.incorrect");
    case 429:
      return throttled(error);
    default:
      return msg("accounts.login.failed.unknown");
  }
}

const throttled = (error: unknown, key = "accounts.login.failed.throttled") =>
  msg(key, { count: retryAfterMinutes(error) });

/**
 * Failures of the password steps: field errors under the fields, everything else above the form. A 429 says
 * which wait it is (a reset request is throttled per address and client, apart from signing in).
 */
function stepFailure(error: unknown, expired: Message, throttledKey?: string): StepOutcome {
  const status = httpStatus(error);
  if (status === undefined) return { ok: false, message: msg("errors.connection") };
  if (status === 429) return { ok: false, message: throttled(error, throttledKey) };
  if (status === 401) return { ok: false, message: expired };
  const fields = Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([f, text]) => [f, serverText(text)]),
  );
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const message = errorBody(error)?.message;
  return { ok: false, message: message ? serverText(message) : msg("errors.unknown") };
}

export function createAuthService({ http, root }: { http: AxiosInstance; root: RootStore }): AuthService {
  const { account } = root;

  return {
    async login(values) {
      account.setLoggingIn(true);
      try {
        const response = await http.post("/login", LoginRequest.parse(values), only2xx);
        if (response.status === 201) {
          const parsed = LoginResponse.safeParse(response.data);
          if (!parsed.success) return { kind: "failed", message: msg("accounts.login.failed.unknown") };
          account.signIn(parsed.data, bearerFrom(response) ?? parsed.data.access_token);
          // The screen speaks the account's language from the first signed-in page (a French SLICA agent on an
          // English browser); one its call centre does not work in falls back once the call centre is known.
          root.ui.setLanguage(parsed.data.language);
          return { kind: "signed-in" };
        }
        const challenge = response.status === 202 ? LoginChallenge.safeParse(response.data) : undefined;
        if (challenge?.success) return { kind: "challenge", challenge: challenge.data };
        return { kind: "failed", message: msg("accounts.login.failed.info") };
      } catch (error) {
        return { kind: "failed", message: loginFailure(error) };
      } finally {
        account.setLoggingIn(false);
      }
    },

    async chooseLanguage(language) {
      root.ui.setLanguage(language);
      // The screen has switched already; a lost save only means the next sign-in opens in the old language.
      await http.put("/agents/me/language", { language }).catch(() => {});
    },

    async logout() {
      try {
        await http.post("/logout");
      } catch {
        // Signing out on this browser must not depend on the gateway answering.
      } finally {
        account.signOut();
        root.ui.setTenant(null);
      }
    },

    async createPassword(values) {
      try {
        await http.post("/login/create-password", CreatePasswordRequest.parse(values), only2xx);
        return { ok: true };
      } catch (error) {
        return stepFailure(error, msg("accounts.create_password.expired"));
      }
    },

    async requestPasswordReset(values) {
      try {
        await http.post("/login/reset-password", ResetPasswordRequest.parse(values), only2xx);
        return { ok: true };
      } catch (error) {
        return stepFailure(error, msg("errors.unknown"), "accounts.reset_password.throttled");
      }
    },

    async confirmPasswordReset(values) {
      try {
        await http.post("/login/reset-password/confirm", ResetPasswordConfirm.parse(values), only2xx);
        return { ok: true };
      } catch (error) {
        return stepFailure(error, msg("errors.unknown"));
      }
    },
  };
}
