// The full name: first and last name side by side under one legend. Names keep their accents (the contract's
// one free-text sanitiser, one line: control and bidirectional characters and newlines go).
import { useId } from "react";
import { useSdkTexts } from "../ui/texts";
import { GroupFrame } from "./field";
import { TextField } from "./TextFields";

/** The contract's longest name (Line(191) in src/contract/lead.ts). */
export const NAME_MAX = 191;

export interface FullNameFieldProps {
  /** The two values' paths in the form. */
  names: { first: string; last: string };
  /** The group's name, already translated ("Client name"). */
  label: string;
  /** The two fields' labels, already translated: "First name" and "Last name" by default. */
  labels?: { first?: string; last?: string };
  required?: boolean;
  disabled?: boolean;
  helperText?: string;
}

export function FullNameField({ names, label, labels, required, disabled, helperText }: FullNameFieldProps) {
  const { t } = useSdkTexts();
  const id = useId();
  return (
    <GroupFrame
      id={id}
      ids={{ error: `${id}-error`, help: `${id}-help` }}
      label={label}
      disabled={disabled}
      helperText={helperText}
    >
      <div className="sdk-field__pair">
        <TextField
          name={names.first}
          label={labels?.first ?? t("forms.first_name")}
          required={required}
          disabled={disabled}
          rule="line"
          maxLength={NAME_MAX}
          autoComplete="off"
        />
        <TextField
          name={names.last}
          label={labels?.last ?? t("forms.last_name")}
          required={required}
          disabled={disabled}
          rule="line"
          maxLength={NAME_MAX}
          autoComplete="off"
        />
      </div>
    </GroupFrame>
  );
}
