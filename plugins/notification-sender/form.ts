// The form's values and its rule: the contract's own schema (the gateway checks the same), its messages turned
// into this plugin's i18n keys.
import {
  CreateNotificationBody,
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_MESSAGE_MIN,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TIMEOUT_DEFAULT,
  NOTIFICATION_TIMEOUT_MAX,
  NOTIFICATION_TIMEOUT_MIN,
  NOTIFICATION_TYPES,
  type NotificationType,
} from "../../src/contract/notifications";

const M = NOTIFICATION_MESSAGES;

export interface NotificationValues {
  message: string;
  type: NotificationType | null;
  dismissible: boolean;
  expires: boolean;
  /** Seconds; read only when expires is ticked. */
  timeout: number | null;
  teamMembersOnly: boolean;
}

/** admin-and-sign-in §9: dismissible, expires and teamMembersOnly ticked, the type unset, a timeout of 1. */
export const INITIAL_VALUES: NotificationValues = {
  message: "",
  type: null,
  dismissible: true,
  expires: true,
  timeout: NOTIFICATION_TIMEOUT_DEFAULT,
  teamMembersOnly: true,
};

const KEYS: Record<string, string> = Object.fromEntries(
  Object.values(NOTIFICATION_MESSAGES).map((m) => [m, `errors.${m.replaceAll(" ", "_")}`]),
);

/** The i18n key of one of the contract's messages (the gateway answers with the same texts), else null. */
export const messageKey = (text: string): string | null => KEYS[text] ?? null;

/**
 * The form's record-level rule, field by field so that every field shows its own problem at once: the
 * contract's limits and messages (the gateway's CreateNotificationBody checks the same), as keys.
 */
export function validateNotification(values: NotificationValues): Record<string, string> {
  const errors: Record<string, string | null> = {};
  const message = (values.message ?? "").trim();
  errors.message = !message
    ? messageKey(M.required)
    : message.length < NOTIFICATION_MESSAGE_MIN
      ? messageKey(M.tooShort)
      : message.length > NOTIFICATION_MESSAGE_MAX
        ? messageKey(M.tooLong)
        : null;
  if (!values.type || !(NOTIFICATION_TYPES as readonly string[]).includes(values.type)) errors.type = messageKey(M.typeRequired);
  if (values.expires) {
    const timeout = values.timeout;
    errors.timeout =
      timeout === null || timeout === undefined || !Number.isInteger(timeout)
        ? messageKey(M.timeoutRequired)
        : timeout < NOTIFICATION_TIMEOUT_MIN
          ? messageKey(M.timeoutTooLow)
          : timeout > NOTIFICATION_TIMEOUT_MAX
            ? messageKey(M.timeoutTooHigh)
            : null;
  }
  return Object.fromEntries(Object.entries(errors).filter((e): e is [string, string] => e[1] !== null));
}

/** What POST /notifications receives: the message trimmed, the timeout only when it expires. */
export const toBody = (values: NotificationValues): CreateNotificationBody => CreateNotificationBody.parse(values);
