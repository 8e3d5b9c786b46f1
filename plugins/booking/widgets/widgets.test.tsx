// The CRE notes dialog, the weather forecast, the instant-appointment banner, and the widgets' texts.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { WEATHER_ICONS, type ForecastDay } from "../../../src/contract/geo";
import { CreNotesDialog } from "./CreNotesDialog";
import { IoaBanner } from "./IoaBanner";
import en from "./locales/en.json";
import es from "./locales/es.json";
import fr from "./locales/fr.json";
import { renderWidget } from "./testing";
import { WEATHER_ICON_URLS, WeatherForecast } from "./WeatherForecast";

const NOTES =
  "2026-01-04 | 10:15:02 - Asked for a French-speaking advisor<br>2026-01-06 | 16:40:00 - Prefers the afternoon";

describe("CRE notes dialog", () => {
  it("opens 'CRE Notes' from 'View notes' with one entry per note, and closes", async () => {
    const user = userEvent.setup();
    await renderWidget(<CreNotesDialog notes={NOTES} />);
    await user.click(screen.getByRole("button", { name: "View notes" }));
    const dialog = await screen.findByRole("dialog", { name: "CRE Notes" });
    expect(dialog).toHaveClass("booking-cre-notes");
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((li) => li.textContent)).toEqual([
      "2026-01-04 | 10:15:02Asked for a French-speaking advisor",
      "2026-01-06 | 16:40:00Prefers the afternoon",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Close notes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("says there are no notes, in the agent's language", async () => {
    const user = userEvent.setup();
    await renderWidget(<CreNotesDialog notes={null} />, "fr");
    await user.click(screen.getByRole("button", { name: "Voir les notes" }));
    const dialog = await screen.findByRole("dialog", { name: "Notes CRE" });
    expect(within(dialog).getByText("Il n'y a aucune note pour ce prospect")).toBeInTheDocument();
    expect(within(dialog).queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("says 'There are no notes for this lead' for notes without an entry", async () => {
    const user = userEvent.setup();
    await renderWidget(<CreNotesDialog notes="<br/> " />);
    await user.click(screen.getByRole("button", { name: "View notes" }));
    expect(await screen.findByText("There are no notes for this lead")).toBeInTheDocument();
  });
});

const DAYS: ForecastDay[] = [
  {
    date: "2026-01-05",
    code: 3,
    condition: "weather.overcast",
    icon: "overcast",
    minC: -6.4,
    maxC: -1.2,
    minF: 20,
    maxF: 30,
  },
  {
    date: "2026-01-06",
    code: 73,
    condition: "weather.snow",
    icon: "snow",
    minC: -9,
    maxC: -4,
    minF: 16,
    maxF: 25,
  },
  {
    date: "2026-01-07",
    code: 0,
    condition: "weather.clear",
    icon: "clear-day",
    minC: -12,
    maxC: -5,
    minF: 10,
    maxF: 23,
  },
  {
    date: "2026-01-08",
    code: 61,
    condition: "weather.rain",
    icon: "rain",
    minC: 0.4,
    maxC: 3.6,
    minF: 33,
    maxF: 38,
  },
];

describe("weather forecast", () => {
  it("shows today and the next three days, each with its condition, icon, and low and high in °C and °F", async () => {
    await renderWidget(<WeatherForecast days={DAYS} city="Montréal" />);
    const forecast = screen.getByRole("region", { name: "Weather in Montréal" });
    const days = within(forecast).getAllByRole("listitem");
    expect(days).toHaveLength(4);
    expect(days.map((d) => d.querySelector(".booking-weather__name")?.textContent)).toEqual([
      "Today",
      "Tomorrow",
      "In 2 days",
      "In 3 days",
    ]);
    expect(days[0]).toHaveTextContent("Overcast");
    expect(days[0]).toHaveTextContent("Low -6 °C / 20 °F");
    expect(days[0]).toHaveTextContent("High -1 °C / 30 °F");
    expect(days[3]).toHaveTextContent("Rain");
    expect(days[3]).toHaveTextContent("High 4 °C / 38 °F");
    expect(within(days[1]!).getByText("Tue, Jan 6")).toHaveAttribute("datetime", "2026-01-06");
    expect(days[1]!.querySelector("img")).toHaveAttribute("src", WEATHER_ICON_URLS.snow);
  });

  it("speaks the agent's language, and credits Open-Meteo when the forecast is theirs", async () => {
    await renderWidget(<WeatherForecast days={DAYS} source="open-meteo" />, "es");
    const days = screen.getAllByRole("listitem");
    expect(days[2]).toHaveTextContent("En 2 días");
    expect(days[2]).toHaveTextContent("Despejado");
    expect(days[2]).toHaveTextContent("Mín. -12 °C / 10 °F");
    expect(screen.getByRole("link", { name: "Datos meteorológicos: Open-Meteo.com" })).toBeInTheDocument();
  });

  it("says when there is no forecast", async () => {
    await renderWidget(<WeatherForecast days={null} failed />);
    expect(screen.getByRole("status")).toHaveTextContent("The forecast is not available.");
  });

  it("has an icon for each icon the gateway may name, and a text for each condition", () => {
    for (const icon of WEATHER_ICONS) expect(WEATHER_ICON_URLS[icon], icon).toBeTruthy();
    for (const c of [
      "clear",
      "mainly_clear",
      "partly_cloudy",
      "overcast",
      "fog",
      "drizzle",
      "freezing_drizzle",
      "rain",
      "freezing_rain",
      "snow",
      "snow_grains",
      "rain_showers",
      "snow_showers",
      "thunderstorm",
      "thunderstorm_hail",
      "unknown",
    ])
      expect(en.widgets.weather, c).toHaveProperty(c);
  });
});

describe("instant-appointment banner", () => {
  it("is red when not found, yellow when found, green when available, and spins while searching", async () => {
    const { rerender } = await renderWidget(<IoaBanner result={-1} />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Looking for an instant appointment…");
    expect(status.querySelector(".bp6-spinner")).not.toBeNull();
    rerender(<IoaBanner result={0} />);
    expect(status).toHaveTextContent("No instant appointment was found.");
    expect(status.querySelector(".bp6-callout")).toHaveClass("bp6-intent-danger");
    rerender(<IoaBanner result={1} />);
    expect(status).toHaveTextContent("An instant appointment was found.");
    expect(status.querySelector(".bp6-callout")).toHaveClass("bp6-intent-warning");
    rerender(<IoaBanner result={2} />);
    expect(status).toHaveTextContent("An instant appointment is available.");
    expect(status.querySelector(".bp6-callout")).toHaveClass("bp6-intent-success");
    expect(status.querySelector(".bp6-spinner")).toBeNull();
    rerender(<IoaBanner result={null} />);
    expect(status).toBeEmptyDOMElement();
  });
});

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("widget texts", () => {
  it.each([
    ["fr", fr],
    ["es", es],
  ] as const)("has every text in %s, with the same placeholders, under 'widgets'", (_language, texts) => {
    expect(Object.keys(texts)).toEqual(["widgets"]);
    const english = new Map(flatten(en));
    const other = new Map(flatten(texts));
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), key).not.toBe("");
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
    }
  });
});
