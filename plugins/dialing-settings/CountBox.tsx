// A box for a whole number, with its label (shown, or spoken only where a table's headers show it) and the
// problem under it. Text, not a number, so a half-typed "-" stays as typed; forms.ts decides what it is.
import { FormGroup, InputGroup } from "@blueprintjs/core";

export interface CountBoxProps {
  id: string;
  label: string;
  /** False in a table, where the row and column headers say it: the label is then spoken only. */
  showLabel?: boolean;
  value: string;
  error?: string;
  placeholder?: string;
  onChange(value: string): void;
}

export function CountBox({ id, label, showLabel = true, value, error, placeholder, onChange }: CountBoxProps) {
  const errorId = `${id}-error`;
  return (
    <FormGroup
      className="dialing-settings__count"
      label={showLabel ? label : undefined}
      labelFor={id}
      intent={error ? "danger" : "none"}
      helperText={error ? <span id={errorId}>{error}</span> : undefined}
    >
      <InputGroup
        id={id}
        value={value}
        inputMode="numeric"
        autoComplete="off"
        placeholder={placeholder}
        aria-label={showLabel ? undefined : label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        intent={error ? "danger" : "none"}
        // A click in the box selects its number, so typing replaces it (a new row starts at 0).
        onFocus={(e) => e.currentTarget.select()}
        onValueChange={onChange}
      />
    </FormGroup>
  );
}
