// Text fields: found by their label, their error shown only once left (or on submit) and in the agent's
// language, free text cleaned as it is typed.
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailField, NumericField, TextAreaField, TextField } from "./TextFields";
import { FullNameField } from "./FullNameField";
import { renderForm } from "./testing";

describe("text fields", () => {
  it("shows a required field's error only after it was left, and ties it to the input", async () => {
    const { user } = await renderForm(<TextField name="occupation" label="Occupation" required />);
    const input = screen.getByLabelText(/^Occupation/);
    expect(screen.getByText("(required)")).toBeInTheDocument();
    await user.click(input);
    expect(screen.queryByText("This field is required.")).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText("This field is required.")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("This field is required.");
    await user.type(input, "Nurse");
    expect(screen.queryByText("This field is required.")).not.toBeInTheDocument();
  });

  it("shows errors on submit without a touch, translating the caller's keys in its namespace", async () => {
    const { submit } = await renderForm(<TextField name="reason" label="Reason" />, {
      validate: (v) => (v.reason ? {} : { reason: "leads.warnings.reason_needed" }),
      namespace: {
        ns: "booking",
        texts: { leads: { warnings: { reason_needed: "Say why the client called" } } },
      },
    });
    expect(screen.queryByText("Say why the client called")).not.toBeInTheDocument();
    await submit();
    expect(screen.getByText("Say why the client called")).toBeInTheDocument();
  });

  // Until finding B free text kept printable ASCII only ("Caf  ok", "line tw").
  it("keeps every printable character and newlines of free text, as it is typed; drops control characters", async () => {
    const { user, values } = await renderForm(
      <>
        <TextField name="other" label="Other reason" maxLength={99} />
        <TextAreaField name="notes" label="Notes" />
      </>,
    );
    await user.type(screen.getByLabelText("Other reason"), "Café\u0007 — ok");
    // Pasted: user-event would type an emoji as its two UTF-16 halves, one at a time.
    await user.paste(" 😀\u202E");
    expect(values().other).toBe("Café — ok 😀");
    expect(screen.getByLabelText("Other reason")).toHaveValue("Café — ok 😀");
    const notes = screen.getByLabelText("Notes");
    expect(notes).toHaveAttribute("rows", "2");
    await user.type(notes, "line one{Enter}line twö");
    expect(values().notes).toBe("line one\nline twö");
  });

  it("caps free text at its maximum", async () => {
    const { user, values } = await renderForm(<TextField name="other" label="Other" maxLength={99} />);
    await user.click(screen.getByLabelText("Other"));
    await user.paste("x".repeat(120));
    expect(values().other).toHaveLength(99);
  });

  it("keeps a name's accents (names drop control characters only)", async () => {
    const { user, values } = await renderForm(
      <FullNameField names={{ first: "firstName", last: "lastName" }} label="Client name" required />,
    );
    expect(screen.getByRole("group", { name: /Client name/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^First name/), "Zoë");
    await user.type(screen.getByLabelText(/^Last name/), "Côté");
    expect(values()).toMatchObject({ firstName: "Zoë", lastName: "Côté" });
  });

  it("checks an email after it is left, in the agent's language", async () => {
    const { user, i18n } = await renderForm(<EmailField name="email" label="Email" />);
    const input = screen.getByLabelText("Email");
    expect(input).toHaveAttribute("maxlength", "100");
    await user.type(input, "pat@example");
    expect(screen.queryByText("Email is not valid")).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByText("Email is not valid")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("fr"));
    expect(await screen.findByText("Le courriel n'est pas valide")).toBeInTheDocument();
    await user.type(input, ".com");
    expect(screen.queryByText("Le courriel n'est pas valide")).not.toBeInTheDocument();
  });

  it("keeps a number as a number, digits only, within its bounds", async () => {
    const { user, values } = await renderForm(
      <>
        <NumericField name="amount" label="Coverage amount" min={1000} max={100_000_000} />
        <NumericField name="premium" label="Premium" decimals />
      </>,
    );
    const amount = screen.getByLabelText("Coverage amount");
    await user.type(amount, "25a0");
    expect(amount).toHaveValue("250");
    expect(values().amount).toBe(250);
    await user.tab();
    expect(screen.getByText("Enter 1000 or more.")).toBeInTheDocument();
    await user.type(amount, "000");
    expect(values().amount).toBe(250_000);
    expect(screen.queryByText("Enter 1000 or more.")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Premium"), "12.5.0");
    expect(screen.getByLabelText("Premium")).toHaveValue("12.50");
    expect(values().premium).toBe(12.5);
    await user.clear(amount);
    expect(values().amount).toBeNull();
  });
});
