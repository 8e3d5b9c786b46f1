// The wizard's four steps (booking-and-reference §1) as buttons the agent can click to move between them: the
// current one marked, a complete one ticked, one the agent tried to leave incomplete flagged 'Required fields
// missing'.
import { Button, Icon } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { STEPS } from "../contract/steps";
import { FORM_STEPS, type FormStep } from "../service";
import { useBooking } from "./useBooking";

export const StepIndicator = observer(function StepIndicator() {
  const { store, api, t } = useBooking();
  return (
    <nav className="booking__steps" aria-label={t("steps.label")}>
      <ol>
        {STEPS.map((s, i) => {
          const form = (FORM_STEPS as readonly number[]).includes(i);
          const complete = form && api.verdict(i as FormStep).complete;
          const missing = form && !complete && store.attempted.includes(i);
          const current = store.step === i;
          const state = missing ? t("steps.state_missing") : complete ? t("steps.state_complete") : "";
          return (
            <li key={s.id}>
              <Button
                variant={current ? "solid" : "minimal"}
                intent={missing ? "danger" : current ? "primary" : "none"}
                size="small"
                aria-current={current ? "step" : undefined}
                aria-label={state ? `${i + 1}. ${t(s.title)} (${state})` : `${i + 1}. ${t(s.title)}`}
                onClick={() => api.goTo(i)}
              >
                <span className="booking__step-number">{i + 1}</span> {t(s.title)}
                {complete && <Icon icon="tick" size={12} className="booking__step-icon" />}
                {missing && <Icon icon="warning-sign" size={12} className="booking__step-icon" />}
              </Button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
});
