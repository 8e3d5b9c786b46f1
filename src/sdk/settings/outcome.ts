// What a settings save answers the admin (admin-and-sign-in §8 "Settings saves"): success 'Changes applied
// successfully.'; 404 'Could not find data location.'; 403 'You are not authorized to do that.'; 422 the first
// message error; any other failure the errors of the response. One place, so fifteen pages say the same.
import { isAxiosError } from "axios";
import { RefusalError, type Refusal } from "../../api/idempotent";
import { sdkText } from "../ui/texts";

export interface SettingsRefusal {
  /** The HTTP status (undefined: the gateway was not reached). */
  status: number | undefined;
  /** The text for the notice, in the admin's language where it is ours, the gateway's where it is its. */
  message: string;
  /** 422 field errors by field name (`name`, `sequence.2`, …), to show beside their fields. */
  errors: Record<string, string[]>;
}

type ErrorBody = { message?: string; errors?: Record<string, string[]> };

const isRefusal = (e: unknown): e is Refusal =>
  typeof e === "object" && e !== null && (e as { ok?: unknown }).ok === false && "retryable" in e;

/** The text after a save that went through. */
export const settingsSaved = (language: string): string => sdkText(language, "settings.done");

/**
 * Reads a failed settings call as the specification's outcome: an axios error, or the refusal of a call by its
 * endpoint (`callEndpoint`'s `Refusal`, or thrown by `unwrap`).
 */
export function settingsRefusal(e: unknown, language: string): SettingsRefusal {
  const refused = e instanceof RefusalError ? e.refusal : isRefusal(e) ? e : null;
  const status = refused ? (refused.status ?? undefined) : isAxiosError(e) ? e.response?.status : undefined;
  const body = (
    refused ? { message: refused.message ?? undefined, errors: refused.errors } : isAxiosError(e) ? e.response?.data : undefined
  ) as ErrorBody | undefined;
  const errors = body && typeof body === "object" && body.errors ? body.errors : {};
  const first = Object.values(errors).find((list) => list.length > 0)?.[0];
  const answered = first ?? (typeof body?.message === "string" ? body.message : undefined);
  const message =
    status === 404
      ? sdkText(language, "settings.not_found")
      : status === 403
        ? sdkText(language, "settings.forbidden")
        : (answered ?? sdkText(language, "settings.failed"));
  return { status, message, errors };
}
