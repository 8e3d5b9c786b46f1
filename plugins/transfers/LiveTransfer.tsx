// The transfers widget with Live Transfer chosen (agent-workspace §2, §4 Live transfer, §5; booking-and-reference
// §5): notes for the advisor and the start button, then "looking for an advisor" with the time spent and the
// advisors who could take the lead, Stop from 10 s on, the advisor who accepted, and Leave once they are on. A
// search that finds nobody asks the qualifier what to do: keep waiting, book instead, or stop.
import { Button, Callout, TextArea } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type ReactNode } from "react";
import { LIVE_TRANSFER_STOP_DELAY_MS } from "../../src/contract/liveTransfers";
import { useNow, usePlugin } from "../../src/sdk";
import { LIVE_NOTES_MAX } from "./liveService";
import type { TransfersStore } from "./model";
import type { TransfersService } from "./service";

export const LiveTransfer = observer(function LiveTransfer({ typeSelect }: { typeSelect: ReactNode }) {
  const { store, api, ctx } = usePlugin<TransfersStore, TransfersService>();
  const { t } = ctx;
  const hintId = useId();
  const live = api.live.current();
  const state = live?.live ?? null;
  const seeking = state?.state === "looking_for_advisor";
  const now = useNow(ctx.clock, seeking);
  const since = api.live.seekingSince();
  const elapsedMs = seeking && since !== null ? Math.max(0, now - since) : 0;
  const seconds = Math.floor(elapsedMs / 1000);
  const blocked = live ? null : api.live.blocked();
  const transfer = ctx.call.current.transfer;
  const outcome = transfer?.kind === "live" ? transfer.outcome : null;
  const advisor = state?.advisor ?? null;
  const waitedOut = seeking ? api.live.waitedOut(now) : null;

  let said = "";
  // The qualifier's phone hung up before an advisor was on: the lead waits on hold for it to be answered.
  if (state?.ringing_back) said = t("live.ringing_back");
  else if (seeking) said = t("live.seeking");
  else if (state?.state === "done" && advisor)
    said = state.joined
      ? t("live.joined", { name: advisor.name })
      : t("live.accepted", { name: advisor.name, extension: advisor.extension });
  else if (outcome) said = t(`outcome.${outcome}`);
  else if (blocked === "checking") said = t("live.checking");

  return (
    <div className="transfers">
      <div className="transfers__row">
        {typeSelect}
        {!live && (
          <TextArea
            className="transfers__notes"
            aria-label={t("live.notes")}
            placeholder={t("live.notes_placeholder")}
            rows={2}
            maxLength={LIVE_NOTES_MAX}
            value={store.liveNotes}
            onChange={(e) => api.live.setNotes(e.currentTarget.value)}
          />
        )}
        <div className="transfers__buttons">
          {!live && (
            <Button
              intent="primary"
              icon="exchange"
              text={t("live.start")}
              disabled={!api.live.canStart()}
              aria-describedby={blocked === "zip_state_requirements" ? hintId : undefined}
              onClick={() => void api.live.start()}
            />
          )}
          {seeking && !waitedOut && elapsedMs >= LIVE_TRANSFER_STOP_DELAY_MS && (
            <Button
              intent="danger"
              text={t("live.stop")}
              disabled={store.busy}
              onClick={() => void api.live.stop()}
            />
          )}
          {state?.state === "done" && state.joined && (
            <Button
              intent="success"
              icon="log-out"
              text={t("live.leave")}
              disabled={store.busy}
              onClick={() => void api.live.leave()}
            />
          )}
        </div>
      </div>
      {waitedOut && (
        <Callout intent="warning" className="transfers__callout" role="group" aria-label={t("live.waited_out.label")}>
          <p>
            {t(`live.waited_out.${waitedOut}`)} {t("live.waited_out.ask")}
          </p>
          <div className="transfers__buttons">
            <Button
              intent="primary"
              text={t("live.keep_waiting")}
              disabled={store.busy}
              onClick={() => api.live.keepWaiting()}
            />
            {api.live.canBookInstead() && (
              <Button
                icon="calendar"
                text={t("live.book_instead")}
                disabled={store.busy}
                onClick={() => void api.live.bookInstead()}
              />
            )}
            <Button intent="danger" text={t("live.stop")} disabled={store.busy} onClick={() => void api.live.stop()} />
          </div>
        </Callout>
      )}
      {blocked === "zip_state_requirements" && (
        <p id={hintId} className="transfers__hint">
          {t("live_transfers.zip_state_requirements")}
        </p>
      )}
      <div className="transfers__row transfers__row--status">
        <p className="transfers__state" role="status">
          {said}
        </p>
        {seeking && (
          <span className="transfers__elapsed" role="timer" aria-label={t("live.elapsed_label", { seconds })}>
            {t("live.elapsed", { seconds })}
          </span>
        )}
        {seeking && store.availability && (
          <p className="transfers__availability">
            {t("live.advisors", { count: store.availability.ready, notified: store.availability.notified })}
          </p>
        )}
      </div>
    </div>
  );
});
