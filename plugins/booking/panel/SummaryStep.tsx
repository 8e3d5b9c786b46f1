// Step 4, Meeting Summary: what will be booked, in words the agent can read back to the client, and Book.
// Booked, it shows the meeting's id; refused, it says why (already booked, or 'Unable to book the meeting').
import { Button, Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import type { ReactNode } from "react";
import {
  CARRIERS,
  COUNTRIES,
  EMPLOYMENT,
  GENDERS,
  INCOME_BANDS,
  INCOME_TYPES,
  INSURANCE_TYPES,
  LANGUAGES,
  LEAD_REASON_OPTIONS,
  LOCATION_TYPES,
  labelOf,
  type MeasuringSystem,
  MEDICAL_CONDITIONS,
  MEDICATIONS,
  MEETING_REASONS,
  MEETING_TYPES,
  PREMIUM_BANDS,
  REFUSAL_REASONS,
  regionsOf,
  SUN_LIFE_REASON,
  SUN_LIFE_REASON_LABEL,
  TITLES,
  WEIGHTS,
  YES_NO,
  type LookupOption,
} from "../../../src/contract/lookups";
import { formatUtc } from "../../../src/sdk";
import { ageOn, formatPhone } from "../../../src/sdk/forms";
import { IOA_ACCEPTED, IOA_DECLINED } from "../contract/meeting";
import { useBooking } from "./useBooking";

function Facts({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="booking__section" aria-label={title}>
      <h3>{title}</h3>
      <dl className="booking__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="booking__fact">
            <dt>{label}</dt>
            <dd>{value === "" || value === null || value === undefined ? "—" : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export const SummaryStep = observer(function SummaryStep() {
  const { store, api, ctx, t, lang } = useBooking();
  const { contact, coverage, meeting: m } = store.values!;
  const label = (list: readonly LookupOption[], value: unknown) =>
    value === null || value === undefined || value === "" ? "" : (labelOf(list, value, lang) ?? String(value));
  const labels = (list: readonly LookupOption[], values: readonly unknown[], other = "") =>
    [...values.map((v) => label(list, v)), other].filter(Boolean).join(", ");
  const yesNo = (v: unknown) => label(YES_NO, v);
  const today = new Date(ctx.clock.now()).toISOString().slice(0, 10);
  const country = api.country();
  const a = contact.address;
  // The lead's country's dollars, written the agent's way (20 000 $ in French Canada, $20,000 in the US).
  const money = new Intl.NumberFormat(`${lang}-${country}`, { style: "currency", currency: country === "CA" ? "CAD" : "USD", maximumFractionDigits: 0 });
  const region = (code: string | null | undefined) => label(regionsOf(country), code ?? "");
  const place = (p: { address: string; apartment: string; city: string; postal: string }, code: string | null | undefined) =>
    [p.address, p.apartment, p.city, region(code), p.postal].filter((s) => s && s.trim()).join(", ");

  const lead: [string, ReactNode][] = [
    [t("fields.phone"), formatPhone(contact.lead.phone)],
    [t("fields.phone_other"), contact.lead.phoneOther.filter(Boolean).map(formatPhone).join(", ")],
    [t("fields.email"), contact.lead.email],
    [t("fields.language"), label(LANGUAGES, contact.lead.language)],
    [t("fields.reasons"), labels(LEAD_REASON_OPTIONS, contact.lead.reasons.filter((r) => r !== "other"), contact.lead.reasonOther)],
    [t("contact.address"), place(a, a.province ?? a.state)],
    [t("fields.location_type"), label(LOCATION_TYPES, a.type)],
    [t("fields.timezone"), a.timezone ?? ""],
  ];
  const clients = contact.clients.map((c, n): [string, [string, ReactNode][]] => {
    const h = coverage.clients[n];
    const i = coverage.insurance[n];
    const name = [label(TITLES, c.title), c.firstName, c.lastName].filter(Boolean).join(" ");
    const dob = c.dob ? `${c.dob} (${t("summary.age", { age: ageOn(c.dob, today) })})` : "";
    const rows: [string, ReactNode][] = [
      [t("fields.full_name"), name],
      [t("fields.gender"), label(GENDERS, c.gender)],
      [t("fields.dob"), dob],
      [t("fields.country_of_birth"), label(COUNTRIES, c.countryOfBirth.toUpperCase())],
    ];
    if (h)
      rows.push(
        // 5'6" and 1m50 say their system; a weight's unit comes from its list (68 kg, 150 lb).
        [t("fields.height"), h.height ?? ""],
        [t("fields.weight"), h.weight ? label(WEIGHTS[h.weightUnits as MeasuringSystem] ?? [], h.weight) : ""],
        [t("fields.smoker"), yesNo(h.smoker)],
        [t("fields.occupation"), h.occupation],
        [t("fields.employment"), label(EMPLOYMENT, h.employment)],
        [t("fields.income"), [label(INCOME_TYPES, h.incomeType), label(INCOME_BANDS, h.income)].filter(Boolean).join(" · ")],
        [t("fields.disability"), yesNo(h.disability)],
        [t("fields.conditions"), labels(MEDICAL_CONDITIONS, h.conditions.filter((v) => v !== "other"), h.conditionOther)],
        [t("fields.medications"), labels(MEDICATIONS, h.medications.filter((v) => v !== "other"), h.medicationOther)],
      );
    if (i)
      rows.push(
        [t("fields.has_policy"), [yesNo(i.hasPolicy), label(CARRIERS, i.carrier), label(PREMIUM_BANDS, i.premium)].filter(Boolean).join(" · ")],
        [t("fields.insurance_types"), labels(INSURANCE_TYPES, i.type.filter((v) => v !== "other"), i.typeOther)],
        [t("fields.amount"), i.amount === null ? "" : money.format(i.amount)],
        [t("fields.applied"), yesNo(i.applied)],
        [t("fields.denied"), yesNo(i.denied)],
      );
    return [t("contact.client", { number: n + 1 }), rows];
  });
  const sunLife = m.is_sun_life === 1;
  const reasons = m.reasons.map((r) => (r === SUN_LIFE_REASON ? SUN_LIFE_REASON_LABEL[lang] : label(MEETING_REASONS, r)));
  const meeting: [string, ReactNode][] = [
    [t("fields.meeting_type"), label(MEETING_TYPES, m.type)],
    [t("fields.date"), m.date ? formatUtc(m.date, lang, "short", true) : ""],
    [t("meeting.place"), m.sameAddress === "1" ? t("summary.same_address") : place(m.address, m.address.province)],
    [t("fields.force"), m.force ? [yesNo(1), ...reasons, m.reasonOther].filter(Boolean).join(" · ") : yesNo(0)],
    [t("fields.refusal_reasons"), labels(REFUSAL_REASONS, m.refusalReasons.filter((r) => r !== 6), m.refusalReasonOther)],
    [t("meeting.offer"), m.ioa === IOA_ACCEPTED ? t("meeting.offer_accepted") : m.ioa === IOA_DECLINED ? t("meeting.offer_declined") : ""],
  ];
  if (sunLife) meeting.push([t("summary.sun_life"), yesNo(1)]);

  return (
    <div className="booking__summary">
      <Facts title={t("contact.lead")} rows={lead} />
      {clients.map(([title, rows]) => (
        <Facts key={title} title={title} rows={rows} />
      ))}
      <Facts title={t("summary.meeting")} rows={meeting} />
      {store.booking === "conflict" && (
        <Callout intent="danger" role="alert" className="booking__outcome">
          {t("meetings.already_booked", { status: store.bookedStatus ?? "" })}
        </Callout>
      )}
      {store.booking === "failed" && (
        <Callout intent="danger" role="alert" className="booking__outcome">
          {t("meetings.step4.not_booked")}
        </Callout>
      )}
      <div className="booking__nav">
        <Button text={t("nav.back")} icon="arrow-left" onClick={() => api.goTo(2)} />
        {!store.booked && (
          <Button
            intent="success"
            icon="calendar"
            text={t(store.booking === "booking" ? "summary.booking" : "summary.book")}
            disabled={store.booking === "booking"}
            onClick={() => void api.book()}
          />
        )}
      </div>
    </div>
  );
});
