// Masked fields: phones, date of birth, postal code with its Validate button, height and weight.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DobField } from "./DobField";
import { MeasureField } from "./MeasureField";
import { AltPhonesField, PhoneField } from "./PhoneFields";
import { PostalCodeField, type PostalState } from "./PostalCodeField";
import { renderForm } from "./testing";

const NOW = Date.parse("2026-01-05T15:00:00.000Z");

describe("phone fields", () => {
  it("masks a phone as ###.###.#### and keeps its ten digits; fewer is an error once left", async () => {
    const { user, values } = await renderForm(<PhoneField name="phone" label="Phone" />);
    const input = screen.getByLabelText("Phone");
    await user.type(input, "514555123");
    expect(input).toHaveValue("514.555.123");
    await user.tab();
    expect(screen.getByText("Enter a 10-digit phone number.")).toBeInTheDocument();
    await user.type(input, "4x5");
    expect(input).toHaveValue("514.555.1234");
    expect(values().phone).toBe("5145551234");
    expect(screen.queryByText("Enter a 10-digit phone number.")).not.toBeInTheDocument();
  });

  it("adds up to four alternative phones, removes one, and flags each short number", async () => {
    const { user, values } = await renderForm(
      <AltPhonesField name="phoneOther" label="Alternative phone" />,
      {
        initialValues: { phoneOther: ["4165550101"] },
      },
    );
    expect(screen.getByLabelText("Alternative phone 1")).toHaveValue("416.555.0101");
    const add = screen.getByRole("button", { name: "Add phone" });
    await user.click(add);
    const second = screen.getByLabelText("Alternative phone 2");
    expect(second).toHaveFocus();
    await user.type(second, "41655");
    await user.tab();
    expect(screen.getByText("Enter a 10-digit phone number.")).toBeInTheDocument();
    expect(second).toHaveAccessibleDescription("Enter a 10-digit phone number.");
    await user.click(add);
    await user.click(add);
    expect(add).toBeDisabled();
    expect(values().phoneOther).toEqual(["4165550101", "41655", "", ""]);
    await user.click(screen.getByRole("button", { name: "Remove phone 2" }));
    expect(values().phoneOther).toEqual(["4165550101", "", ""]);
    expect(screen.queryByText("Enter a 10-digit phone number.")).not.toBeInTheDocument();
    expect(add).toBeEnabled();
  });
});

describe("date of birth", () => {
  it("masks YYYY-MM-DD as typed and shows the age in whole years on the caller's day", async () => {
    const { user, values } = await renderForm(<DobField name="dob" label="Date of birth" now={NOW} />);
    const input = screen.getByLabelText("Date of birth");
    await user.type(input, "19600106");
    expect(input).toHaveValue("1960-01-06");
    expect(values().dob).toBe("1960-01-06");
    // The birthday is tomorrow on the injected day (January 5, 2026): still 65.
    expect(screen.getByRole("status")).toHaveTextContent("65 years old");
    await user.clear(input);
    await user.type(input, "19600105");
    expect(screen.getByRole("status")).toHaveTextContent("66 years old");
  });

  it("refuses a partial date, an impossible day and today or later, once left", async () => {
    const { user } = await renderForm(<DobField name="dob" label="Date of birth" now={NOW} required />);
    const input = screen.getByLabelText(/^Date of birth/);
    await user.type(input, "196004");
    await user.tab();
    expect(screen.getByText("Date of birth is not valid")).toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "19600230");
    expect(screen.getByText("Date of birth is not valid")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "20260105");
    expect(screen.getByText("The date of birth cannot be after yesterday.")).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, "20260104");
    expect(screen.queryByText(/cannot be after yesterday/)).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("0 years old");
  });

  it("says the age in the agent's language", async () => {
    await renderForm(<DobField name="dob" label="Date de naissance" now={NOW} />, {
      language: "fr",
      initialValues: { dob: "2025-01-04" },
    });
    expect(screen.getByRole("status")).toHaveTextContent("1 an");
  });
});

describe("postal code", () => {
  function Postal(props: { state: PostalState; country?: "US" | "CA"; onValidate?: (p: string) => void }) {
    return (
      <PostalCodeField
        name="postal"
        label="Postal code"
        country={props.country ?? "CA"}
        state={props.state}
        onValidate={props.onValidate ?? (() => undefined)}
      />
    );
  }

  it("masks a Canadian postal code as 'AAA AAA' upper case and a zip as five digits", async () => {
    const ca = await renderForm(<Postal state="unvalidated" />);
    const input = screen.getByLabelText("Postal code");
    await ca.user.type(input, "h2x1y4");
    expect(input).toHaveValue("H2X 1Y4");
    expect(ca.values().postal).toBe("H2X 1Y4");
    await ca.user.clear(input);
    await ca.user.type(input, "h2x1");
    await ca.user.tab();
    expect(screen.getByText("Enter a valid postal code.")).toBeInTheDocument();
  });

  it("masks a zip to five digits", async () => {
    const us = await renderForm(<Postal state="unvalidated" country="US" />);
    const input = screen.getByLabelText("Postal code");
    await us.user.type(input, "90a2101234");
    expect(input).toHaveValue("90210");
  });

  it("colours and names the Validate button's three states, and validates the code shown", async () => {
    const onValidate = vi.fn();
    const { user, rerender } = await renderForm(<Postal state="incomplete" onValidate={onValidate} />, {
      initialValues: { postal: "M5V 3L9" },
    });
    const button = () => screen.getByRole("button", { name: "Validate" });
    expect(button()).toHaveClass("bp6-intent-danger");
    expect(button()).toBeDisabled();
    expect(button()).toHaveAccessibleDescription("Incomplete fields");
    // The state is the caller's (it knows the other address fields and the geocode).
    rerender(<Postal state="unvalidated" onValidate={onValidate} />);
    expect(button()).toHaveClass("bp6-intent-warning");
    expect(button()).toHaveAccessibleDescription("Not validated");
    await user.click(button());
    expect(onValidate).toHaveBeenCalledWith("M5V 3L9");
    rerender(<Postal state="valid" onValidate={onValidate} />);
    expect(button()).toHaveClass("bp6-intent-success");
    expect(button()).toHaveAccessibleDescription("Validated");
    // Blueprint loads the tick's drawing after a render of its own.
    await waitFor(() => expect(button().querySelector('[data-icon="tick"] path')).not.toBeNull());
  });
});

describe("height and weight", () => {
  const units = [
    { value: 0, label: "lb" },
    { value: 1, label: "kg" },
  ];
  const valuesFor = (unit: number | null) =>
    unit === 1
      ? [
          { value: "35", label: "35 kg" },
          { value: "38", label: "38 kg" },
        ]
      : [
          { value: "75", label: "75 lb" },
          { value: "80", label: "80 lb" },
        ];

  it("picks a value of the chosen unit and clears it when the unit changes", async () => {
    const { user, values } = await renderForm(
      <MeasureField
        name="weight"
        unitName="weightUnits"
        label="Weight"
        units={units}
        valuesFor={valuesFor}
      />,
      { initialValues: { weightUnits: 0 } },
    );
    const weight = screen.getByRole("combobox", { name: "Weight" });
    expect(
      within(weight)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "75 lb", "80 lb"]);
    await user.selectOptions(weight, "80 lb");
    expect(values()).toMatchObject({ weight: "80", weightUnits: 0 });
    await user.selectOptions(screen.getByRole("combobox", { name: "Weight unit" }), "kg");
    expect(values().weightUnits).toBe(1);
    expect(values().weight ?? null).toBeNull();
    expect(
      within(weight)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "35 kg", "38 kg"]);
  });

  it("takes free text of ten characters at most without values to pick from", async () => {
    const { user, values } = await renderForm(
      <MeasureField name="height" unitName="heightUnits" label="Height" units={units} />,
    );
    const height = screen.getByLabelText("Height");
    expect(height).toHaveAttribute("maxlength", "10");
    await user.click(height);
    await user.paste("5'10\" and a half");
    expect(values().height).toBe("5'10\" and ");
  });
});
