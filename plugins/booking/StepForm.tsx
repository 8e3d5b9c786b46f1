// One step's form: react-final-form over the slice's values of the step. What the agent types goes to the slice
// (FormSpy → service.edit, where the rules apply); what the slice holds comes back as the form's initial values
// (so a rule's effect, a geocode or a restored draft shows), without losing what is being typed
// (keepDirtyOnReinitialize). The step's schema is the form's validation, with the gateway's errors of a refused
// booking on top, so each field shows its own message; Next submits, which shows them all.
import { Button, Callout } from "@blueprintjs/core";
import { setIn, type FormApi } from "final-form";
import { observer } from "mobx-react-lite";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { Form, FormSpy } from "react-final-form";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { StepVerdict } from "./contract/steps";
import type { BookingStore, StepKey } from "./model";
import type { BookingService, FormStep } from "./service";

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Paths the schemas name that no field of the form holds, and the field that says it instead. */
const SHOWN_AT: Record<string, string> = {
  "address.valid": "address.postal",
  "meeting.address.valid": "meeting.address.postal",
};

/** Errors by path (first message each) as the nested object final-form reads. */
export function formErrors(byPath: Record<string, string[]>): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(byPath)) {
    const at = SHOWN_AT[path] ?? path;
    if (!at || !messages[0]) continue;
    errors = setIn(errors, at, messages[0]) as Record<string, unknown>;
  }
  return errors;
}

export interface StepFormProps<V extends object> {
  step: FormStep;
  stepKey: StepKey;
  /** What the form edits (the slice's values of the step). */
  values: V;
  /** The step's verdict for values of the form (its schema). */
  check(values: V): StepVerdict<unknown>;
  /** The gateway's errors of this step, by form path. */
  serverErrors: Record<string, string[]>;
  /** The form's values handed to the service. */
  toEdit(values: V): unknown;
  children(values: V, form: FormApi<V>): ReactNode;
}

/** Brings the first field in error into view and focuses it, once the submit has drawn the errors (Next on an
 * incomplete step: on a small screen the field is often below the panel's fold). */
function revealFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    if (!form?.isConnected) return; // the step was complete: the next one is shown
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    (field ?? form.querySelector<HTMLElement>(".booking__missing"))?.scrollIntoView?.({ block: "center" });
    field?.focus({ preventScroll: true });
  });
}

function StepFormInner<V extends object>(props: StepFormProps<V>) {
  const { store, api } = usePlugin<BookingStore, BookingService>();
  const { t } = useTranslation("booking");
  const { step, stepKey, values, check, serverErrors, toEdit, children } = props;
  const attempted = store.attempted.includes(step);
  const verdict = check(values);
  const formRef = useRef<FormApi<V> | null>(null);
  const formElement = useRef<HTMLFormElement | null>(null);


  // One validation per set of gateway errors: a new function makes final-form validate again.
  const checkRef = useRef(check);
  checkRef.current = check;
  const serverKey = JSON.stringify(serverErrors);
  const validate = useMemo(
    () => (v: V) => {
      const own = checkRef.current(v);
      return formErrors({ ...(own.complete ? {} : own.errors), ...(JSON.parse(serverKey) as Record<string, string[]>) });
    },
    [serverKey],
  );
  // A step the agent already tried to leave (or a booking sent back) shows its errors at once.
  useEffect(() => {
    if (attempted) void formRef.current?.submit();
  }, [attempted, serverKey]);

  const incomplete = attempted && (!verdict.complete || serverKey !== "{}");
  return (
    <Form<V>
      initialValues={values}
      initialValuesEqual={(a, b) => equal(a, b)}
      keepDirtyOnReinitialize
      validate={validate}
      onSubmit={() => undefined}
      subscription={{}}
    >
      {({ handleSubmit, form }) => {
        formRef.current = form;
        return (
          <form
            className="booking__form"
            noValidate
            ref={formElement}
            onSubmit={(e) => {
              void handleSubmit(e);
              api.next();
              revealFirstError(formElement.current);
            }}
          >
            <FormSpy<V> subscription={{ values: true }} onChange={({ values: v }) => api.edit(stepKey as never, toEdit(v) as never)} />
            {incomplete && (
              <Callout intent="danger" compact role="alert" className="booking__missing">
                {t("steps.required_fields_missing")}
              </Callout>
            )}
            {/* Booked: the form is read-only (a disabled fieldset disables every control in it). */}
            <fieldset className="booking__fields" disabled={store.booked}>
              <FormSpy<V> subscription={{ values: true }}>{({ values: v }) => children(v, form)}</FormSpy>
            </fieldset>
            <div className="booking__nav">
              <Button
                text={t("nav.back")}
                icon="arrow-left"
                disabled={step === 0}
                onClick={() => api.goTo(step - 1)}
              />
              <Button type="submit" intent="primary" text={t("nav.next")} endIcon="arrow-right" />
            </div>
          </form>
        );
      }}
    </Form>
  );
}

export const StepForm = observer(StepFormInner) as <V extends object>(props: StepFormProps<V>) => ReactNode;
