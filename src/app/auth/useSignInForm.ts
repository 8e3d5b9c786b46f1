// The sign-in pages' forms, without a form library (final-form stays out of the sign-in page's first
// download). The rules the pages had with final-form are kept: a field's own error shows once the field was
// left or a submit was tried; a failure the gateway gave (above the form, or under a field) shows until the
// values change.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import type { Message } from "../../i18n/message";
import type { Checked } from "./validateBy";

/** What a submit may answer: field errors by name, and `form` for the failure above the fields. */
export type SubmitErrors = Record<string, Message | undefined> & { form?: Message };

export interface SignInForm<V extends Record<string, string>> {
  values: V;
  submitting: boolean;
  /** The failure above the fields, while the values are as submitted. */
  failure: Message | undefined;
  /** What a field shows under it, if anything. */
  shown(name: keyof V & string): Message | undefined;
  change(name: keyof V & string, value: string): void;
  leave(name: keyof V & string): void;
  onSubmit(event: FormEvent): void;
}

export function useSignInForm<V extends Record<string, string>>({
  initial,
  validate,
  rules = "",
  submit,
}: {
  initial: V;
  /** The values' errors by field (the contract's rules, src/app/forms/validateWith.ts). */
  validate: (values: V) => Checked;
  /** Names the rules `validate` applies now: the errors are found again when it changes (a second step). */
  rules?: string;
  submit: (values: V) => Promise<SubmitErrors | void>;
}): SignInForm<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, Message>>({});
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const [submitErrors, setSubmitErrors] = useState<SubmitErrors | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const current = useRef(values);
  current.current = values;
  const validateRef = useRef(validate);
  validateRef.current = validate;

  // The errors follow the values (and the rules: the reset page's second step has more fields).
  useEffect(() => {
    let stale = false;
    const checked = validateRef.current(values);
    if (!(checked instanceof Promise)) setErrors(checked);
    else
      void checked.then(
        (found) => !stale && setErrors(found),
        () => undefined,
      );
    return () => {
      stale = true;
    };
  }, [values, rules]);

  const change = useCallback((name: string, value: string) => {
    setValues((before) => ({ ...before, [name]: value }));
    setSubmitErrors(undefined);
  }, []);
  const leave = useCallback((name: string) => setLeft((before) => new Set(before).add(name)), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const submitted = current.current;
    setTried(true);
    const send = async (found: Record<string, Message>) => {
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setSubmitting(true);
      try {
        const answer = await submit(submitted);
        // Values typed while the answer was on its way are not the ones it speaks of.
        if (current.current === submitted) setSubmitErrors(answer || undefined);
      } finally {
        setSubmitting(false);
      }
    };
    const checked = validateRef.current(submitted);
    void (checked instanceof Promise ? checked.then(send) : send(checked));
  };

  return {
    values,
    submitting,
    failure: submitErrors?.form,
    shown: (name) => ((left.has(name) || tried) && errors[name]) || submitErrors?.[name],
    change,
    leave,
    onSubmit,
  };
}
