// One follow-up: when it is due (and the picker that moves it), who, notes, state, type, then Dial — or Save
// once a new date is picked — and the dashboard link; only the columns the panel has room for.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FOLLOW_UP_TYPES, type FollowUpItem } from "../../src/contract/dialer";
import { CallTime, Clip, Whole, Words } from "./Clip";
import { DashboardLink } from "./DashboardLink";
import { Cells, type Column } from "./FitTable";
import type { FollowUpColumn } from "./FollowUpsTable";
import { agentTimeZone, clientTimeText, type CallTimeText } from "./format";
import { defaultTime, toIso } from "./picker";
import { ReschedulePicker } from "./ReschedulePicker";
import type { UserSummaryService } from "./service";
import type { UserSummaryStore } from "./model";

interface Props {
  item: FollowUpItem;
  /** When it is due, as the table shows it. */
  when: CallTimeText;
  shown: readonly Column<FollowUpColumn>[];
  today: string;
  store: UserSummaryStore;
  api: UserSummaryService;
}

/** Type 3 is an Engaged Opportunity, any other a Follow Up (agent-workspace §2). */
export const typeText = (t: (key: string) => string, item: FollowUpItem) =>
  item.type === FOLLOW_UP_TYPES.engagedOpportunity ? t("type.engaged") : t("type.follow_up");

export const FollowUpRow = observer(function FollowUpRow({ item, when, shown, today, store, api }: Props) {
  const { t, i18n } = useTranslation("user-summary");
  const clientTime = clientTimeText(item.startsAt, i18n.language, item.timezone, agentTimeZone());
  const [date, setDate] = useState("");
  const [time, setTime] = useState("");
  const busy = store.busyLeadId === item.leadId;
  const dateTime = toIso(date, time);

  const pickDate = (day: string) => {
    setDate(day);
    setTime(day ? defaultTime(item.dateTime, day, today) : "");
  };
  const save = async () => {
    if (dateTime && (await api.reschedule(item, dateTime))) pickDate("");
  };

  return (
    <tr>
      <Cells
        shown={shown}
        cells={{
          call_time: (
            <>
              <CallTime iso={item.startsAt} text={when} />
              {clientTime && <span className="user-summary__client-time">{t("client_time", { time: clientTime })}</span>}
              <ReschedulePicker
                name={item.name}
                date={date}
                time={time}
                today={today}
                disabled={store.busyLeadId !== null}
                onDate={pickDate}
                onTime={setTime}
              />
            </>
          ),
          call_name: <Whole text={item.name} />,
          notes: <Clip text={item.notes} />,
          state: item.state?.toUpperCase(),
          type: <Words text={typeText(t, item)} />,
          dial: date ? (
            <>
              <Button
                intent="primary"
                size="small"
                loading={busy}
                disabled={!dateTime || store.busyLeadId !== null}
                aria-label={t("reschedule.save_for", { name: item.name })}
                onClick={() => void save()}
              >
                {t("reschedule.save")}
              </Button>
              <Button
                variant="minimal"
                size="small"
                icon="cross"
                disabled={busy}
                aria-label={t("reschedule.cancel_for", { name: item.name })}
                onClick={() => pickDate("")}
              />
            </>
          ) : (
            // The phone alone: the column's header says Dial, and the name and the state need the room.
            <Button
              intent="success"
              size="small"
              icon="phone"
              loading={busy}
              disabled={!api.canDial()}
              aria-label={t("followUps.dial_for", { name: item.name })}
              title={t("followUps.dial")}
              onClick={() => void api.dial(item)}
            />
          ),
          dashboard: <DashboardLink url={item.url} name={item.name} />,
        }}
      />
    </tr>
  );
});
