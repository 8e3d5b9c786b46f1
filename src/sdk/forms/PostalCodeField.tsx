// The postal or zip code with its Validate button (booking-and-reference §2, §4, §5, §9). The mask follows the
// country: five digits for a US zip, 'A1A 1A1' upper case for a Canadian postal code. The button's colour says
// where the address stands, and its state is the caller's (it knows the other address fields and the geocode):
// danger with 'Incomplete fields' while the address cannot be validated, warning while it is not validated,
// success once it is. The words are there too, beside the button, so the state is not told by colour alone.
import { Button, ControlGroup, InputGroup, Spinner } from "@blueprintjs/core";
import { describedBy, FieldFrame, useFieldControl, type BaseFieldProps } from "./field";
import { maskPostal, postalComplete, type PostalCountry } from "./masks";
import { useMask } from "./useMask";

export type PostalState = "incomplete" | "unvalidated" | "valid";

const INTENT = { incomplete: "danger", unvalidated: "warning", valid: "success" } as const;

export interface PostalCodeFieldProps extends BaseFieldProps<string> {
  country: PostalCountry;
  /** Where the address stands (the caller's rule): it colours and names the button's state. */
  state: PostalState;
  /** The Validate button was pressed, with the code as shown ('10001', 'H2X 1Y4'). */
  onValidate(postal: string): void;
  /** The geocode is under way: the button waits. */
  validating?: boolean;
}

export function PostalCodeField(props: PostalCodeFieldProps) {
  const { name, label, required, disabled, helperText, validate, country, state, validating = false } = props;
  const rule = (value: string) =>
    value && !postalComplete(country, value)
      ? country === "US"
        ? "forms.errors.zip"
        : "forms.errors.postal"
      : undefined;
  const f = useFieldControl<string>(name, {
    required,
    rule,
    validate,
    config: { parse: (v: unknown) => v, format: (v: unknown) => (v ?? "") as string },
  });
  const value: string = f.input.value ?? "";
  const mask = useMask(
    (typed) => maskPostal(country, typed),
    (masked) => f.input.onChange(masked),
  );
  const stateId = `${f.id}-state`;
  const aria = describedBy(f.ids, f.error, Boolean(helperText));
  return (
    <FieldFrame {...f.frame({ label, required, disabled, helperText })}>
      <div className="sdk-field__row">
        <ControlGroup>
          <InputGroup
            id={f.id}
            inputRef={mask.ref}
            name={name}
            inputMode={country === "US" ? "numeric" : "text"}
            autoComplete="off"
            placeholder={country === "US" ? "#####" : "A1A 1A1"}
            value={maskPostal(country, value)}
            onChange={mask.onChange}
            {...f.focus}
            maxLength={country === "US" ? 5 : 7}
            disabled={disabled}
            intent={f.error ? "danger" : "none"}
            aria-required={required || undefined}
            {...aria}
          />
          <Button
            intent={INTENT[state]}
            icon={
              validating ? (
                <Spinner size={16} aria-label={f.t("forms.validating")} />
              ) : state === "valid" ? (
                "tick"
              ) : undefined
            }
            text={f.t("forms.validate")}
            disabled={disabled || validating || state === "incomplete"}
            aria-describedby={stateId}
            onClick={() => props.onValidate(maskPostal(country, value))}
          />
        </ControlGroup>
        <span id={stateId} className={`sdk-field__status sdk-field__status--${INTENT[state]}`}>
          {validating ? f.t("forms.validating") : f.t(`forms.postal.${state}`)}
        </span>
      </div>
    </FieldFrame>
  );
}
