// The lead matcher panel ("Link to existing lead", booking-and-reference §2 and §3): the phone the caller gives
// and Search; the lead found (name, phone, state) with Link and Keep new, or "not found"; Link asks in a
// dialog before the call and its history move to that lead. It works while the agent has a call with a lead
// that still waits for its disposition.
import {
  Button,
  Classes,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
} from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import { EXAMPLE_PHONE } from "../../src/sdk/forms";
import type { LeadSummary } from "../../src/contract/leads";
import { formatPhone } from "./contract";
import type { LeadMatcherStore } from "./model";
import type { LeadMatcherService } from "./service";
import "./lead-matcher.css";

function useLeadName() {
  const { t } = useTranslation("lead-matcher");
  return (lead: LeadSummary) => `${lead.first_name} ${lead.last_name}`.trim() || t("unnamed");
}

const ConfirmLink = observer(function ConfirmLink() {
  const { store, api } = usePlugin<LeadMatcherStore, LeadMatcherService>();
  const { t } = useTranslation("lead-matcher");
  const nameOf = useLeadName();
  const lead = store.lead;
  const open = store.state === "confirming" || store.state === "linking";
  return (
    <Dialog
      isOpen={open && lead !== null}
      title={t("confirm.title")}
      onClose={() => api.cancelLink()}
      canOutsideClickClose={store.state !== "linking"}
      canEscapeKeyClose={store.state !== "linking"}
      isCloseButtonShown={store.state !== "linking"}
    >
      <DialogBody>
        {lead && <p>{t("confirm.text", { name: nameOf(lead), phone: formatPhone(lead.phone) })}</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button disabled={store.state === "linking"} onClick={() => api.cancelLink()}>
              {t("confirm.cancel")}
            </Button>
            <Button intent="primary" loading={store.state === "linking"} onClick={() => void api.link()}>
              {t("confirm.link")}
            </Button>
          </>
        }
      />
    </Dialog>
  );
});

/** The lead found, on one line when the panel is wide enough: name, phone, state, then Link and Keep new. */
const FoundLead = observer(function FoundLead({ lead }: { lead: LeadSummary }) {
  const { api, ctx } = usePlugin<LeadMatcherStore, LeadMatcherService>();
  const { t } = useTranslation("lead-matcher");
  const nameOf = useLeadName();
  const region = ctx.variant.country === "CA" ? "province" : "state";
  return (
    <div className="lead-matcher__found" role="group" aria-label={t("found")}>
      <p className="lead-matcher__said" role="status">
        {t("found")}
      </p>
      <div className="lead-matcher__row">
        {/* The terms are for screen readers: on screen the name, number and state speak for themselves. */}
        <dl className="lead-matcher__lead">
          <div>
            <dt className="lead-matcher__term">{t("fields.name")}</dt>
            <dd className="lead-matcher__name">{nameOf(lead)}</dd>
          </div>
          <div>
            <dt className="lead-matcher__term">{t("fields.phone")}</dt>
            <dd>{formatPhone(lead.phone)}</dd>
          </div>
          <div>
            <dt className="lead-matcher__term">{t(`fields.${region}`)}</dt>
            <dd>{lead.state ? lead.state.toUpperCase() : "—"}</dd>
          </div>
        </dl>
        <div className="lead-matcher__actions">
          <Button intent="primary" icon="link" size="small" onClick={() => api.askLink()}>
            {t("link")}
          </Button>
          <Button size="small" onClick={() => api.keepNew()}>
            {t("keep_new")}
          </Button>
        </div>
      </div>
    </div>
  );
});

const LeadMatcherPanel = observer(function LeadMatcherPanel() {
  const { store, api, ctx } = usePlugin<LeadMatcherStore, LeadMatcherService>();
  const { t } = useTranslation("lead-matcher");
  const id = useId();
  if (!api.canMatch())
    return <p className={`lead-matcher__hint ${Classes.TEXT_MUTED}`}>{t("wait_for_call")}</p>;
  const problemId = `${id}-problem`;
  return (
    <div className="lead-matcher">
      <form
        role="search"
        aria-label={t("search_label")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void api.search();
        }}
      >
        <FormGroup
          label={t("fields.phone")}
          labelFor={id}
          labelInfo={t("required_mark")}
          intent={store.problem ? "danger" : "none"}
          helperText={store.problem ? <span id={problemId}>{t(store.problem)}</span> : undefined}
          className="lead-matcher__field"
          inline
        >
          <ControlGroup fill>
            <InputGroup
              id={id}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={formatPhone(EXAMPLE_PHONE[ctx.variant.country])}
              maxLength={32}
              value={store.phone}
              onValueChange={(v) => api.type(v)}
              intent={store.problem ? "danger" : "none"}
              size="small"
              aria-required
              aria-invalid={store.problem !== null}
              aria-describedby={store.problem ? problemId : undefined}
            />
            <Button type="submit" icon="search" size="small" loading={store.state === "searching"}>
              {t("search")}
            </Button>
          </ControlGroup>
        </FormGroup>
      </form>
      {store.lead && store.state !== "searching" && <FoundLead lead={store.lead} />}
      {store.state === "not_found" && (
        <p className="lead-matcher__said" role="status">
          {t("not_found")}
        </p>
      )}
      <ConfirmLink />
    </div>
  );
});
export default LeadMatcherPanel;
