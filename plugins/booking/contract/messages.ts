// Every text the booking contract hands out, as a translation key of the booking plugin's own namespace
// (plugins/booking/locales/{en,fr,es}.json). A schema issue, a step verdict and a restriction reason carry one
// of these, never English, so the form and the gateway's 422 (field path → keys) speak the agent's language.
// The locale test checks that each key has a text in en, fr and es.
import type { z } from "zod";

export const MESSAGES = {
  required: "validation.required",
  chooseAtLeastOne: "validation.choose_at_least_one",
  invalid: "validation.invalid",
  notApplicable: "validation.not_applicable",
  tooLong: "validation.too_long",
  otherTooLong: "validation.other_too_long",
  measureTooLong: "validation.measure_too_long",
  duplicate: "validation.duplicate",
  invalidPhone: "validation.invalid_phone",
  invalidEmail: "leads.warnings.invalid_email",
  invalidDob: "leads.warnings.invalid_dob",
  dobAfterYesterday: "validation.dob_after_yesterday",
  invalidDate: "validation.invalid_date",
  postalTooShort: "notifications.form.postal.too_short",
  zipInvalid: "validation.zip_invalid",
  postalInvalid: "validation.postal_invalid",
  regionInvalid: "validation.region_invalid",
  addressNotValidated: "validation.address_not_validated",
  titleGender: "validation.title_gender",
  incomeBandType: "validation.income_band_type",
  onePerClient: "validation.one_per_client",
  stepIncomplete: "steps.required_fields_missing",
  typeNotAllowed: "restrictions.type_not_allowed",
  forceRequired: "restrictions.force_required",
} as const;
export type MessageKey = (typeof MESSAGES)[keyof typeof MESSAGES];

/**
 * The message of a field's own failure (a wrong type, an unknown option): 'required' when the field is absent,
 * else `otherwise`. Given as zod's `error` parameter, so no issue falls back to zod's English.
 */
export const fieldError =
  (otherwise: string = MESSAGES.invalid) =>
  (issue: z.core.$ZodRawIssue): string =>
    issue.input === undefined || issue.input === null ? MESSAGES.required : otherwise;
