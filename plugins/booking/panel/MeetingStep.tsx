// Step 3, Meeting Setup: the advisors in the area, the instant offer, force booking and its reasons, the meeting
// type with the restrictions' reasons beside it (a type they rule out is disabled), the client's refusal of a
// face-to-face meeting and its reasons (phone only), the place (the lead's address or another), the date and
// time (UTC, the lead's local time beside it), and the Sun Life booking where the agent may send one.
import { Button, Callout, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import {
  MEETING_REASONS,
  MEETING_TYPES,
  OTHER_REFUSAL_REASON,
  optionsIn,
  PHONE,
  REFUSAL_REASONS,
} from "../../../src/contract/lookups";
import {
  CheckboxField,
  DateTimeField,
  MultiSelectField,
  MultiSelectOtherField,
  RadioGroupField,
  TextField,
} from "../../../src/sdk/forms";
import { ENOUGH_AGENTS, type Restrictions } from "../contract/restrictions";
import { IOA_ACCEPTED, IOA_DECLINED, meetingToWire, needsReasonDetail, OTHER_TEXT_MAX, type MeetingState } from "../contract/meeting";
import { checkStep, meetingSetupStep } from "../contract/steps";
import { restrictionsOf } from "../edits";
import { StepForm } from "../StepForm";
import { IoaBanner } from "../widgets";
import { AddressFields } from "./AddressFields";
import { stepServerErrors } from "./serverErrors";
import { useBooking } from "./useBooking";

type MeetingForm = { meeting: MeetingState };

const Advisors = observer(function Advisors({ m }: { m: MeetingState }) {
  const { store, t } = useBooking();
  let text: string;
  if (store.agents === "loading") text = t("meeting.advisors_counting");
  else if (store.agents === "failed") text = t("meeting.advisors_failed");
  else if (m.availableAgents === null) text = t("meeting.advisors_unknown");
  else
    text = t(m.availableAgents >= ENOUGH_AGENTS ? "meeting.advisors_available" : "meeting.advisors_not_enough", {
      available: m.availableAgents,
      needed: ENOUGH_AGENTS,
    });
  return (
    <p className="booking__advisors" role="status">
      {store.agents === "loading" && <Spinner size={12} tagName="span" aria-hidden />} {text}
    </p>
  );
});

const Offer = observer(function Offer({ m }: { m: MeetingState }) {
  const { store, api, t } = useBooking();
  const ioa = store.ioa;
  const place = m.sameAddress === "1" ? store.contact!.address : m.address;
  const canSearch = place.valid && !ioa?.running && m.is_sun_life !== 1;
  return (
    <section className="booking__section" aria-labelledby="booking-offer">
      <div className="booking__section-head">
        <h3 id="booking-offer">{t("meeting.offer")}</h3>
        <Button
          size="small"
          icon="search"
          text={t("meeting.offer_search")}
          disabled={!canSearch}
          onClick={() => void api.startOffer()}
        />
      </div>
      <IoaBanner result={ioa && !ioa.failed ? ioa.result : null} />
      {ioa?.failed && (
        <Callout intent="danger" compact role="alert">
          {t("meeting.offer_failed")}
        </Callout>
      )}
      {ioa && !ioa.running && ioa.result === 2 && (
        <RadioGroupField
          name="meeting.ioa"
          label={t("meeting.offer_choice")}
          options={[
            { value: IOA_ACCEPTED, label: t("meeting.offer_accepted") },
            { value: IOA_DECLINED, label: t("meeting.offer_declined") },
          ]}
        />
      )}
    </section>
  );
});

/** The meeting type, with why a type is ruled out beside it. */
function MeetingType({ m, r }: { m: MeetingState; r: Restrictions | null }) {
  const { t, lang } = useBooking();
  const sunLife = m.is_sun_life === 1;
  // A Sun Life booking goes to Sun Life's advisors: our advisors' restrictions do not apply to it.
  const allowed: string[] = sunLife || !r ? MEETING_TYPES.map((o) => o.value) : r.allowedTypes;
  const options = optionsIn(MEETING_TYPES, lang).map((o) => ({ ...o, disabled: !allowed.includes(o.value) }));
  const reasons = sunLife || !r ? [] : r.reasons;
  return (
    <div className="booking__type">
      <RadioGroupField name="meeting.type" label={t("fields.meeting_type")} options={options} required />
      {reasons.length > 0 && (
        <ul className="booking__restrictions" aria-label={t("meeting.restrictions")}>
          {reasons.map((reason) => (
            <li key={`${reason.code}-${reason.key}`} className={`booking__restriction booking__restriction--${reason.effect}`}>
              {t(reason.key, reason.values)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The chosen instant in the lead's zone ("Tue, Jan 6, 10:00 AM EST"). */
function leadLocal(iso: string, timeZone: string | null, language: string): string | null {
  if (!iso || !timeZone) return null;
  try {
    return new Intl.DateTimeFormat(language, {
      timeZone,
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
      timeZoneName: "short",
    }).format(new Date(iso));
  } catch {
    return null;
  }
}

export const MeetingStep = observer(function MeetingStep() {
  const { store, api, ctx, t, lang } = useBooking();
  const now = ctx.clock.now();
  const rFor = (m: MeetingState) => restrictionsOf({ contact: store.contact!, coverage: store.coverage!, meeting: m }, now);
  return (
    <StepForm<MeetingForm>
      step={2}
      stepKey="meeting"
      values={{ meeting: store.meeting! }}
      check={(v) =>
        checkStep(meetingSetupStep({ country: api.country(), restrictions: rFor(v.meeting) }), {
          meeting: meetingToWire({ ...v.meeting, date: v.meeting.date ?? "" }),
        })
      }
      serverErrors={stepServerErrors(store.serverErrors, "meeting")}
      toEdit={(v) => v.meeting}
    >
      {({ meeting: m }) => {
        const r = rFor(m);
        const sunLife = m.is_sun_life === 1;
        const local = leadLocal(m.date ?? "", m.address.timezone ?? store.contact!.address.timezone, lang);
        return (
          <>
            <Advisors m={m} />
            <Offer m={m} />
            <section className="booking__section" aria-labelledby="booking-meeting-type">
              <h3 id="booking-meeting-type">{t("meeting.kind")}</h3>
              {sunLife && (
                <Callout intent="primary" compact>
                  {t("meeting.sun_life_set")}
                </Callout>
              )}
              {!sunLife && <CheckboxField name="meeting.force" label={t("fields.force")} />}
              {m.force && !sunLife && (
                <MultiSelectField name="meeting.reasons" label={t("fields.force_reasons")} options={optionsIn(MEETING_REASONS, lang)} required />
              )}
              {needsReasonDetail(m.reasons) && (
                <TextField name="meeting.reasonOther" label={t("fields.force_detail")} maxLength={OTHER_TEXT_MAX} required />
              )}
              <MeetingType m={m} r={r} />
              {!sunLife && <CheckboxField name="meeting.refused" label={t("fields.refused")} />}
              {m.type === PHONE && !sunLife && (
                <MultiSelectOtherField
                  name="meeting.refusalReasons"
                  label={t("fields.refusal_reasons")}
                  options={optionsIn(REFUSAL_REASONS, lang)}
                  otherValue={OTHER_REFUSAL_REASON}
                  otherName="meeting.refusalReasonOther"
                  required
                />
              )}
            </section>
            <section className="booking__section" aria-labelledby="booking-meeting-place">
              <h3 id="booking-meeting-place">{t("meeting.place")}</h3>
              <CheckboxField name="meeting.sameAddress" label={t("fields.same_address")} values={{ checked: "1", unchecked: "0" }} />
              {m.sameAddress !== "1" && (
                <AddressFields prefix="meeting.address" which="meeting" address={m.address} regionField="province" />
              )}
            </section>
            <section className="booking__section" aria-labelledby="booking-meeting-when">
              <h3 id="booking-meeting-when">{t("meeting.when")}</h3>
              <DateTimeField
                name="meeting.date"
                label={t("fields.date")}
                min={new Date(now).toISOString()}
                today={new Date(now).toISOString().slice(0, 10)}
                required
                helperText={local ? t("meeting.lead_local_time", { time: local }) : undefined}
              />
            </section>
            {api.canBookWithSunLife && !sunLife && (
              <Button icon="send-message" text={t("meeting.sun_life")} onClick={() => void api.bookWithSunLife()} />
            )}
          </>
        );
      }}
    </StepForm>
  );
});
