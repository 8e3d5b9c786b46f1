// The callback's date and time (agent-workspace §2): the SDK's call-time picker (UTC, 15-minute steps, a
// 12-hour clock, from 9:00 today, weeks starting on Monday), with the lead being disposed's own clock beside it.
import { observer } from "mobx-react-lite";
import { useTranslation } from "react-i18next";
import { CallTimePicker, usePlugin } from "../../src/sdk";

export interface CallbackPickerProps {
  date: string;
  time: string;
  today: string;
  disabled: boolean;
  /** The message under the fields, already translated. */
  error: string | null;
  onChange(patch: { date?: string; time?: string }): void;
}

export const CallbackPicker = observer(function CallbackPicker(props: CallbackPickerProps) {
  const { t } = useTranslation("dispositions");
  const { ctx } = usePlugin();
  return (
    <CallTimePicker
      {...props}
      labels={{ date: t("callback.date"), time: t("callback.time") }}
      localTime={{ of: "lead", timeZone: ctx.leads.current?.timezone ?? null }}
      allowNoTime
    />
  );
});
