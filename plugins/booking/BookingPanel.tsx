// The booking wizard's panel: the current lead's four steps, the step indicator on top, one step at a time.
// Without a current lead it says so; while the lead is read it waits; a lead that could not be read can be
// read again. Booked, the form stays on screen read-only with the meeting's id.
import { Button, Callout, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useRef } from "react";
import { FormNamespace } from "../../src/sdk/forms";
import { ContactStep } from "./panel/ContactStep";
import { CoverageStep } from "./panel/CoverageStep";
import { MeetingStep } from "./panel/MeetingStep";
import { StepIndicator } from "./panel/StepIndicator";
import { SummaryStep } from "./panel/SummaryStep";
import { useBooking } from "./panel/useBooking";
import "./booking.css";

const DraftState = observer(function DraftState() {
  const { store, t } = useBooking();
  const text =
    store.draftState === "failed"
      ? t("draft.failed")
      : store.draftState === "saving"
        ? t("draft.saving")
        : store.revision > 0 && store.revision === store.savedRevision
          ? t("draft.saved")
          : "";
  return (
    <p className={`booking__draft booking__draft--${store.draftState}`} role="status">
      {text}
    </p>
  );
});

/**
 * Keeps what the agent must read next in sight of a small panel: a new step opens at its top (not where Next was
 * pressed, mid-form), and a booked meeting's id comes into view. The first draw scrolls nothing.
 */
function useRevealOnChange(step: number, booked: boolean) {
  const top = useRef<HTMLElement | null>(null);
  const outcome = useRef<HTMLDivElement | null>(null);
  const seenStep = useRef(step);
  useEffect(() => {
    if (seenStep.current === step) return;
    seenStep.current = step;
    top.current?.scrollIntoView?.({ block: "nearest" });
  }, [step]);
  useEffect(() => {
    if (booked) outcome.current?.scrollIntoView?.({ block: "nearest" });
  }, [booked]);
  return { top, outcome };
}

const BookingPanel = observer(function BookingPanel() {
  const { store, api, ctx, t } = useBooking();
  useEffect(() => api.watch(), [api]);
  const reveal = useRevealOnChange(store.step, store.booked);

  const lead = ctx.leads.current;
  if (!lead) return <p className="booking__empty">{t("empty")}</p>;
  if (store.phase === "failed")
    return (
      <Callout intent="warning" role="alert" compact>
        {t("load_failed")}{" "}
        <Button size="small" variant="minimal" intent="warning" onClick={() => api.retry()}>
          {t("retry")}
        </Button>
      </Callout>
    );
  if (store.phase !== "ready" || store.leadId !== lead.id || !store.values)
    return <Spinner size={20} aria-label={t("loading")} />;

  const name = `${lead.firstName} ${lead.lastName}`.trim();
  return (
    <FormNamespace ns="booking">
      <div className="booking">
        <header className="booking__head" ref={reveal.top}>
          <span className="booking__lead">{t("for_lead", { name: name || `#${lead.id}` })}</span>
          <DraftState />
        </header>
        <StepIndicator />
        {store.booked && (
          <div ref={reveal.outcome}>
            <Callout intent="success" role="status" className="booking__outcome">
              {t(
                store.meeting?.is_sun_life === 1 ? "meetings.step4.booked_sunlife" : "meetings.step4.booked",
              )}{" "}
              {store.meetingCrmId && t("summary.meeting_id", { id: store.meetingCrmId })}
            </Callout>
          </div>
        )}
        <div className="booking__body">
          {store.step === 0 && <ContactStep />}
          {store.step === 1 && <CoverageStep />}
          {store.step === 2 && <MeetingStep />}
          {store.step === 3 && <SummaryStep />}
        </div>
      </div>
    </FormNamespace>
  );
});
export default BookingPanel;
