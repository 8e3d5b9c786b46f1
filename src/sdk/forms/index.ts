/**
 * # The SDK's form fields: react-final-form + Blueprint, for any plugin's form
 *
 * A second entry of the SDK (`src/sdk/forms`), so the panels that have no form do not load it. Plugins import it
 * like the SDK itself (the import rule allows `src/sdk`, `src/sdk/forms` and `src/sdk/testing`).
 *
 * Every field is used inside a react-final-form `<Form>` and takes:
 * - `name`: the value's path in the form; `label`: already translated (a real `<label for>`, or a fieldset's
 *   legend for a group of controls, so tests and screen readers find each field by its label);
 * - `required` (the label says so, and an empty value is an error), `disabled`, `helperText`, and `validate`, a
 *   field-level rule of the caller's, run after the field's own (a phone's ten digits, a date of birth's format).
 *
 * **Errors are i18n keys.** Validators (the field's own, `validate`, the form's record-level `validate`) return a
 * key, or `{ key, values }`; the field translates it when it shows it, in the namespace the form names with
 * `<FormNamespace ns="booking">` and then in the SDK's own (its built-in `forms.errors.*`). An error shows once
 * the field was left or the form submitted; a submit error until the field changes.
 *
 * **Free text** is cleaned as it is typed with the contract's one sanitiser (src/contract/text.ts): every
 * printable character (accents, punctuation, emoji) stays, control and bidirectional characters go; newlines stay
 * in free text and go with `rule="line"` (names, addresses). Masked fields keep what the contract stores:
 * a phone's ten digits, a date of birth as YYYY-MM-DD, a postal code as '10001' or 'H2X 1Y4'.
 *
 * @example
 * ```tsx
 * import { Form } from "react-final-form";
 * import { DobField, EmailField, FormNamespace, PhoneField, TimeZoneField } from "../../src/sdk/forms";
 *
 * <FormNamespace ns="booking">
 *   <Form onSubmit={save} validate={validateLead}>  // { email: "leads.warnings.invalid_email" }
 *     {({ handleSubmit }) => (
 *       <form onSubmit={handleSubmit} noValidate>
 *         <EmailField name="email" label={t("fields.email")} />
 *         <PhoneField name="phone" label={t("fields.phone")} required />
 *         <DobField name="clients.0.dob" label={t("fields.dob")} now={ctx.clock.now()} />
 *         <TimeZoneField name="address.timezone" label={t("fields.timezone")} country="CA" clock={ctx.clock} />
 *       </form>
 *     )}
 *   </Form>
 * </FormNamespace>
 * ```
 */
export {
  FormNamespace,
  firstError,
  isEmptyValue,
  useFormTexts,
  visibleError,
  type BaseFieldProps,
  type FieldError,
  type Option,
} from "./field";
export {
  cleanText,
  EXAMPLE_PHONE,
  formatPhone,
  maskDob,
  maskPostal,
  phoneDigits,
  postalComplete,
  ageOn,
  type PostalCountry,
  type TextRule,
} from "./masks";
export {
  EMAIL_MAX,
  EmailField,
  NumericField,
  OTHER_TEXT_MAX,
  TextAreaField,
  TextField,
  type NumericFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from "./TextFields";
export {
  SelectField,
  SelectOtherField,
  type OtherTextProps,
  type SelectFieldProps,
  type SelectOtherFieldProps,
} from "./SelectFields";
export {
  CheckboxField,
  CheckboxRowField,
  LanguageRadiosField,
  MultiSelectField,
  MultiSelectOtherField,
  RadioGroupField,
  type CheckboxFieldProps,
  type LanguageRadiosFieldProps,
  type MultiChoiceProps,
  type MultiSelectFieldProps,
  type MultiSelectOtherFieldProps,
  type RadioGroupFieldProps,
} from "./ChoiceFields";
export { AltPhonesField, MAX_ALTERNATIVE_PHONES, PhoneField, type AltPhonesFieldProps } from "./PhoneFields";
export {
  DateField,
  DateTimeField,
  quartersOf,
  type DateFieldProps,
  type DateTimeFieldProps,
} from "./DateFields";
export { DobField, dobError, type DobFieldProps } from "./DobField";
export { FullNameField, NAME_MAX, type FullNameFieldProps } from "./FullNameField";
export { TimeZoneField, localTime, type TimeZoneFieldProps } from "./TimeZoneField";
export { APP_TIME_ZONES, timeZonesOf, type AppTimeZone } from "./timeZones";
export { PostalCodeField, type PostalCodeFieldProps, type PostalState } from "./PostalCodeField";
export { MeasureField, MEASURE_MAX, type MeasureFieldProps } from "./MeasureField";
export { LinkRow, type RowLink } from "./LinkRow";
