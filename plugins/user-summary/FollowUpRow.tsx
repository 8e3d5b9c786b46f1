// One follow-up: when it is due (and the picker that moves it), who, notes, state, type, then Dial — or Save
// once a new date is picked — and the dashboard link.
import { Button } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FOLLOW_UP_TYPES, type FollowUpItem } from "../../src/contract/dialer";
import { DashboardLink } from "./DashboardLink";
import { formatCallTime } from "./format";
import { defaultTime, toIso } from "./picker";
import { ReschedulePicker } from "./ReschedulePicker";
import type { UserSummaryService } from "./service";
import type { UserSummaryStore } from "./model";

interface Props {
  item: FollowUpItem;
  today: string;
  store: UserSummaryStore;
  api: UserSummaryService;
}

export const FollowUpRow = observer(function FollowUpRow({ item, today, store, api }: Props) {
  const { t, i18n } = useTranslation("user-summary");
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
      <td>
        <div>{formatCallTime(item.startsAt, i18n.language)}</div>
        <ReschedulePicker
          name={item.name}
          date={date}
          time={time}
          today={today}
          disabled={store.busyLeadId !== null}
          onDate={pickDate}
          onTime={setTime}
        />
      </td>
      <td>{item.name}</td>
      <td className="user-summary__notes">{item.notes}</td>
      <td>{item.state}</td>
      <td>{item.type === FOLLOW_UP_TYPES.engagedOpportunity ? t("type.engaged") : t("type.follow_up")}</td>
      <td className="user-summary__actions">
        {date ? (
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
          <Button
            intent="success"
            size="small"
            icon="phone"
            loading={busy}
            disabled={!api.canDial()}
            aria-label={t("followUps.dial_for", { name: item.name })}
            onClick={() => void api.dial(item)}
          >
            {t("followUps.dial")}
          </Button>
        )}
      </td>
      <td>
        <DashboardLink url={item.url} name={item.name} />
      </td>
    </tr>
  );
});
