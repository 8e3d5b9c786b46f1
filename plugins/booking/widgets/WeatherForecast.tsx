// The city's weather (booking-and-reference §2): today, tomorrow, in 2 days and in 3 days, each with its condition
// in the agent's language, a Meteocons icon (weather-icons/, copied by scripts/copy-weather-icons.ts) and the low
// and high in °C and °F. The forecast comes as a prop (the gateway's GET /weather answer, src/contract/geo.ts).
import { Spinner } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import type { ForecastDay } from "../../../src/contract/geo";
import { BOOKING_NS } from "./texts";
import "./widgets.css";

const ICON_FILES = import.meta.glob<string>("./weather-icons/*.svg", {
  eager: true,
  query: "?url",
  import: "default",
});
/** Icon name ('clear-day') → the bundled file's URL. */
export const WEATHER_ICON_URLS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(ICON_FILES).map(([path, url]) => [path.replace(/^.*\/(.+)\.svg$/, "$1"), url]),
);

export interface WeatherForecastProps {
  /** The four days, today first; null while there is none. */
  days: readonly ForecastDay[] | null;
  /** The place, as the forecast names it. */
  city?: string;
  loading?: boolean;
  /** The forecast could not be had. */
  failed?: boolean;
  /** 'open-meteo' credits Open-Meteo, as its licence (CC BY 4.0) asks. */
  source?: "deterministic" | "open-meteo";
}

/** 'weather.clear' (the contract's key) → 'widgets.weather.clear'. */
const conditionKey = (condition: string) => `widgets.weather.${condition.replace(/^weather\./, "")}`;

export function WeatherForecast({
  days,
  city,
  loading = false,
  failed = false,
  source,
}: WeatherForecastProps) {
  const { t, i18n } = useTranslation(BOOKING_NS);
  const degrees = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const dateOf = new Intl.DateTimeFormat(i18n.language, {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
  const dayName = (i: number) =>
    i === 0
      ? t("widgets.weather.days.today")
      : i === 1
        ? t("widgets.weather.days.tomorrow")
        : t("widgets.weather.days.later", { count: i });
  const title = city ? t("widgets.weather.title_in", { city }) : t("widgets.weather.title");
  return (
    <section className="booking-weather" aria-label={title} aria-busy={loading}>
      <h4 className="booking-weather__title">{title}</h4>
      {loading && !days ? (
        <p role="status">
          <Spinner size={12} tagName="span" aria-hidden className="booking-map__spinner" />{" "}
          {t("widgets.weather.loading")}
        </p>
      ) : failed || !days || days.length === 0 ? (
        <p role="status">{t("widgets.weather.unavailable")}</p>
      ) : (
        <ul className="booking-weather__days">
          {days.map((day, i) => {
            const condition = t(conditionKey(day.condition), { defaultValue: t("widgets.weather.unknown") });
            return (
              <li key={day.date} className="booking-weather__day">
                <span className="booking-weather__name">{dayName(i)}</span>
                <time className="booking-weather__date" dateTime={day.date}>
                  {dateOf.format(Date.parse(`${day.date}T12:00:00Z`))}
                </time>
                <img
                  className="booking-weather__icon"
                  src={WEATHER_ICON_URLS[day.icon] ?? WEATHER_ICON_URLS["not-available"]}
                  alt=""
                  width={56}
                  height={56}
                />
                <span className="booking-weather__condition">{condition}</span>
                <span className="booking-weather__temps">
                  <span>
                    {t("widgets.weather.min", { c: degrees.format(day.minC), f: degrees.format(day.minF) })}
                  </span>
                  <span>
                    {t("widgets.weather.max", { c: degrees.format(day.maxC), f: degrees.format(day.maxF) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {source === "open-meteo" && (
        <p className="booking-weather__credit">
          <a href="https://open-meteo.com/" target="_blank" rel="noopener noreferrer">
            {t("widgets.weather.credit")}
          </a>
        </p>
      )}
    </section>
  );
}
