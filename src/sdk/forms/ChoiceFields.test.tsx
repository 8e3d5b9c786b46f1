// Dropdowns, radios and checkboxes: the form keeps the options' own values, 'other' reveals a required text, and
// a required multi-choice needs at least one.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  CheckboxField,
  CheckboxRowField,
  LanguageRadiosField,
  MultiSelectOtherField,
  RadioGroupField,
} from "./ChoiceFields";
import { SelectField, SelectOtherField } from "./SelectFields";
import { LinkRow } from "./LinkRow";
import { renderForm } from "./testing";

const REFUSALS = [
  { value: 1, label: "Age limit" },
  { value: 2, label: "Medical conditions" },
  { value: 6, label: "Other" },
];

describe("choice fields", () => {
  it("keeps a dropdown's own value (a number stays a number) and requires one once left", async () => {
    const { user, values } = await renderForm(
      <SelectField
        name="employment"
        label="Employment"
        required
        options={[
          { value: 1, label: "Employed" },
          { value: 4, label: "Retired" },
        ]}
      />,
    );
    const select = screen.getByRole("combobox", { name: /^Employment/ });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Choose…", "Employed", "Retired"]);
    await user.click(select);
    await user.tab();
    expect(screen.getByText("This field is required.")).toBeInTheDocument();
    await user.selectOptions(select, "Retired");
    expect(values().employment).toBe(4);
    expect(screen.queryByText("This field is required.")).not.toBeInTheDocument();
  });

  it("reveals a required, cleaned 'other' text when the dropdown's other choice is picked", async () => {
    const { user, values, submit } = await renderForm(
      <SelectOtherField
        name="carrier"
        label="Carrier"
        options={[
          { value: "sunlife", label: "Sun Life" },
          { value: "other", label: "Other" },
        ]}
        otherValue="other"
        otherName="carrierOther"
      />,
    );
    expect(screen.queryByLabelText(/Other \(please specify\)/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Carrier"), "Other");
    const other = screen.getByLabelText(/^Other \(please specify\)/);
    await submit();
    expect(screen.getByText("Please specify.")).toBeInTheDocument();
    // Until finding B free text kept printable ASCII only ("Mutuelle Gnrale"); accents now stay.
    await user.type(other, "Mutuelle Générale\u0007");
    expect(values().carrierOther).toBe("Mutuelle Générale");
    await user.selectOptions(screen.getByLabelText("Carrier"), "Sun Life");
    expect(screen.queryByLabelText(/^Other \(please specify\)/)).not.toBeInTheDocument();
  });

  it("picks several reasons from the multi-dropdown, needs one when required, and asks for the other's text", async () => {
    const { user, values, submit } = await renderForm(
      <MultiSelectOtherField
        name="refusalReasons"
        label="Refusal reasons"
        required
        options={REFUSALS}
        otherValue={6}
        otherName="refusalReasonOther"
      />,
    );
    await submit();
    expect(screen.getByText("Choose at least one.")).toBeInTheDocument();
    const button = screen.getByLabelText(/^Refusal reasons/);
    expect(button).toHaveTextContent("Choose…");
    await user.click(button);
    const list = await screen.findByRole("group", { name: "Refusal reasons" });
    await user.click(within(list).getByRole("checkbox", { name: "Other" }));
    await user.click(within(list).getByRole("checkbox", { name: "Age limit" }));
    expect(values().refusalReasons).toEqual([1, 6]);
    expect(button).toHaveTextContent("Age limit, Other");
    expect(screen.queryByText("Choose at least one.")).not.toBeInTheDocument();
    await user.keyboard("{Escape}");
    const other = screen.getByLabelText(/^Other \(please specify\)/);
    await user.click(other);
    await user.paste(`Travels ${"a".repeat(120)}\u0001`);
    expect(values().refusalReasonOther).toHaveLength(99);
    expect(String(values().refusalReasonOther)).toMatch(/^Travels a+$/);
  });

  it("keeps a checkbox row's ticks in the options' order", async () => {
    const { user, values } = await renderForm(
      <CheckboxRowField name="types" label="Insurance types" options={REFUSALS} />,
    );
    const group = screen.getByRole("group", { name: "Insurance types" });
    await user.click(within(group).getByRole("checkbox", { name: "Other" }));
    await user.click(within(group).getByRole("checkbox", { name: "Medical conditions" }));
    expect(values().types).toEqual([2, 6]);
    await user.click(within(group).getByRole("checkbox", { name: "Other" }));
    expect(values().types).toEqual([2]);
  });

  it("keeps a checkbox's own values (1 and 0 for a yes/no flag)", async () => {
    const { user, values } = await renderForm(
      <CheckboxField name="smoker" label="Smoker" values={{ checked: 1, unchecked: 0 }} />,
      { initialValues: { smoker: 0 } },
    );
    const box = screen.getByRole("checkbox", { name: "Smoker" });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(values().smoker).toBe(1);
    await user.click(box);
    expect(values().smoker).toBe(0);
  });

  it("shows radios in a named group, and the languages in the agent's language", async () => {
    const { user, values } = await renderForm(
      <>
        <RadioGroupField
          name="gender"
          label="Gender"
          required
          options={[
            { value: 1, label: "Male" },
            { value: 2, label: "Female" },
          ]}
        />
        <LanguageRadiosField name="language" label="Langue du client" languages={["en", "fr"]} />
      </>,
      { language: "fr" },
    );
    const gender = screen.getByRole("group", { name: /Gender/ });
    await user.click(within(gender).getByRole("radio", { name: "Female" }));
    expect(values().gender).toBe(2);
    const language = screen.getByRole("group", { name: "Langue du client" });
    expect(
      within(language)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["Anglais", "Français"]);
    await user.click(within(language).getByRole("radio", { name: "Français" }));
    expect(values().language).toBe("fr");
  });
});

describe("link row", () => {
  it("lists links beside its label: an address opens in a new tab, an action is a button", async () => {
    const opened: string[] = [];
    await renderForm(
      <LinkRow
        label="Lead source"
        links={[
          { text: "Web form", href: "https://example.com/form" },
          { text: "Open the script", onClick: () => opened.push("script") },
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: "Lead source" });
    const link = within(list).getByRole("link", { name: "Web form" });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    within(list).getByRole("button", { name: "Open the script" }).click();
    expect(opened).toEqual(["script"]);
  });

  it("links only an http(s) address or a path on this origin: any other address is its text only", async () => {
    await renderForm(
      <LinkRow
        label="Lead source"
        links={[
          { text: "Script", href: "javascript:alert(document.domain)" },
          { text: "Data", href: " DATA:text/html,<script>alert(1)</script>" },
          { text: "Elsewhere", href: "//evil.example/form" },
          { text: "Here", href: "/api/v1/forms/31" },
        ]}
      />,
    );
    const list = screen.getByRole("list", { name: "Lead source" });
    expect(
      within(list)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/api/v1/forms/31"]);
    for (const text of ["Script", "Data", "Elsewhere"])
      expect(within(list).getByText(text).closest("a")).toBeNull();
  });
});
