// The fields' tests: a field (or several) in a real react-final-form form, in a real i18next instance, with
// what the form holds at hand. Test-only (no production code imports it).
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { FormApi } from "final-form";
import type { ReactNode } from "react";
import { Form } from "react-final-form";
import { I18nextProvider } from "react-i18next";
import { createI18n, localesReady } from "../../i18n/i18n";
import { FormNamespace } from "./field";

export interface FormHarness {
  user: ReturnType<typeof userEvent.setup>;
  /** What the form holds now. */
  values(): Record<string, unknown>;
  form: FormApi<Record<string, unknown>>;
  i18n: ReturnType<typeof createI18n>;
  submit(): Promise<void>;
  /** The same form (its values kept) with other fields or props. */
  rerender(fields: ReactNode): void;
}

export async function renderForm(
  fields: ReactNode,
  options: {
    initialValues?: Record<string, unknown>;
    language?: string;
    validate?: (values: Record<string, unknown>) => Record<string, unknown>;
    /** Texts of the caller's namespace ("booking"), to translate its error keys. */
    namespace?: { ns: string; texts: Record<string, unknown> };
  } = {},
): Promise<FormHarness> {
  const i18n = createI18n(options.language ?? "en");
  await localesReady(i18n);
  if (options.namespace)
    i18n.addResourceBundle(options.language ?? "en", options.namespace.ns, options.namespace.texts);
  let api!: FormApi<Record<string, unknown>>;
  const tree = (fields: ReactNode) => {
    const body = (
      <Form<Record<string, unknown>>
        onSubmit={() => undefined}
        initialValues={options.initialValues}
        validate={options.validate}
      >
        {({ handleSubmit, form }) => {
          api = form;
          return (
            <form onSubmit={handleSubmit} noValidate>
              {fields}
              <button type="submit">Submit</button>
            </form>
          );
        }}
      </Form>
    );
    return (
      <I18nextProvider i18n={i18n}>
        {options.namespace ? <FormNamespace ns={options.namespace.ns}>{body}</FormNamespace> : body}
      </I18nextProvider>
    );
  };
  const view = render(tree(fields));
  const user = userEvent.setup({ delay: null });
  return {
    user,
    i18n,
    get form() {
      return api;
    },
    values: () => api.getState().values,
    rerender: (next) => view.rerender(tree(next)),
    submit: async () => {
      await user.click(document.querySelector<HTMLButtonElement>('button[type="submit"]')!);
    },
  };
}
