// The SDK's call-time picker on its own: what it hands its caller, its texts in every language, and the
// calendar's date-fns locale given to Blueprint as an object (a code made Blueprint import it at run time, which
// a bundled app cannot: "[Blueprint] Could not load "en-US" date-fns locale" on every render).
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createI18n, localesReady } from "../../i18n/i18n";
import { CallTimePicker, type CallTimePickerProps } from "./CallTimePicker";
import { dateFnsLocale } from "./dateFnsLocales";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { addSdkTexts, SDK_UI_NS } from "./texts";

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

async function renderPicker(over: Partial<CallTimePickerProps> = {}, language = "en") {
  const i18n = createI18n(language);
  await localesReady(i18n);
  const onChange = vi.fn();
  const props: CallTimePickerProps = {
    date: "",
    time: "",
    today: "2026-01-05",
    labels: { date: "Date", time: "Time" },
    localTime: { of: "lead", timeZone: "America/New_York" },
    allowNoTime: true,
    onChange,
    ...over,
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <CallTimePicker {...props} />
    </I18nextProvider>,
  );
  return { ...view, onChange, user: userEvent.setup(), i18n };
}

afterEach(() => vi.restoreAllMocks());

describe("call-time picker", () => {
  it("hands its caller the UTC day with the time kept when the day offers it, and the time alone", async () => {
    const { user, onChange, rerender, i18n } = await renderPicker({ date: "2026-01-06", time: "08:00" });
    await user.click(screen.getByRole("combobox", { name: "Date" }));
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    await user.click(within(calendar).getByRole("gridcell", { name: "8" }));
    expect(onChange).toHaveBeenLastCalledWith({ date: "2026-01-08", time: "08:00" });
    // Today offers nothing before 9:00: the time goes.
    await user.click(screen.getByRole("combobox", { name: "Date" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "date picker" })).getByRole("gridcell", { name: "5" }),
    );
    expect(onChange).toHaveBeenLastCalledWith({ date: "2026-01-05", time: "" });
    await user.selectOptions(screen.getByRole("combobox", { name: "Time" }), "10:45 PM");
    expect(onChange).toHaveBeenLastCalledWith({ time: "22:45" });
    rerender(
      <I18nextProvider i18n={i18n}>
        <CallTimePicker
          date="2026-01-06"
          time="22:45"
          today="2026-01-05"
          labels={{ date: "Date", time: "Time" }}
          localTime={{ of: "lead", timeZone: "America/Los_Angeles" }}
          onChange={onChange}
        />
      </I18nextProvider>,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Lead's local time: Tue, Jan 6, 2:45 PM PST");
  });

  it("gives Blueprint the calendar's locale, so nothing is loaded at run time and nothing is logged", async () => {
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    const { user } = await renderPicker({}, "fr-CA");
    await user.click(screen.getByRole("combobox", { name: "Date" }));
    const calendar = await screen.findByRole("dialog", { name: "date picker" });
    await waitFor(() =>
      expect(
        within(calendar)
          .getAllByRole("columnheader")
          .map((h) => h.getAttribute("aria-label")),
      ).toEqual(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]),
    );
    const logged = [...errors.mock.calls, ...warnings.mock.calls].map((c) => String(c[0]));
    expect(logged.filter((m) => /date-fns|locale/i.test(m))).toEqual([]);
    expect(dateFnsLocale("en").code).toBe("en-US");
    expect(dateFnsLocale("fr").code).toBe("fr");
    expect(dateFnsLocale("es").code).toBe("es");
  });

  it("adds its texts for a language and its fallbacks, once", async () => {
    const i18n = createI18n("fr-CA");
    await localesReady(i18n);
    addSdkTexts(i18n);
    addSdkTexts(i18n);
    expect(i18n.getFixedT("fr-CA", SDK_UI_NS)("utc")).toBe("La date et l'heure sont en UTC.");
    expect(i18n.getResource("es", SDK_UI_NS, "utc")).toBeUndefined();
    await i18n.changeLanguage("es"); // the agent switches language: the next render adds Spanish
    addSdkTexts(i18n);
    expect(i18n.getFixedT("es", SDK_UI_NS)("local.lead", { time: "x" })).toBe("Hora local del prospecto: x");
  });

  it.each([
    ["fr", fr],
    ["es", es],
  ] as const)("has every text in %s, with the same placeholders, and translated", (_language, texts) => {
    const english = new Map(flatten(en));
    const other = new Map(flatten(texts));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
    }
    // Only the 12-hour clock's AM and PM read the same in French.
    const same = [...other].filter(([k, text]) => english.get(k) === text && !k.startsWith("format."));
    expect(same).toEqual([]);
  });
});
