// The transfers widget (agent-workspace §2): the transfer type; a live transfer to the advisors (LiveTransfer.tsx);
// or the target and the three levels — start, join, leave — with kick and destroy, and a dial pad toward an
// external party.
import { Button, Callout } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect } from "react";
import { csvText, downloadCsv, Select, usePlugin } from "../../src/sdk";
import type { TransfersService } from "./service";
import {
  MAX_LEVEL,
  needsTarget,
  stepsAt,
  type TransferKind,
  type TransferStep,
  type TransferType,
} from "./levels";
import { LiveTransfer } from "./LiveTransfer";
import type { TransfersStore } from "./model";
import { readablePhone } from "./phone";
import "./transfers.css";

const INTENT: Record<TransferStep, "primary" | "success" | "warning" | "danger"> = {
  start: "primary",
  join: "success",
  leave: "success",
  kick: "warning",
  destroy: "danger",
};
export const SUNLIFE_CSV_FILE = "sunlife-agents.csv";
const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"];

const TransfersPanel = observer(function TransfersPanel() {
  const { store, api, ctx } = usePlugin<TransfersStore, TransfersService>();
  const { t } = ctx;
  useEffect(() => api.watch(), [api]);
  useEffect(() => api.live.watch(), [api]);

  if (api.kinds.length === 0) return <p className="transfers__idle">{t("none_open")}</p>;
  const call = ctx.call.current;
  if (!call.isConnected) return <p className="transfers__idle">{t("idle")}</p>;

  const level = api.level();
  const active = api.active();
  const live = api.live.current();
  const chosen = (live ? "live" : (active?.kind ?? store.kind)) as TransferType;
  // Labelled for screen readers; on screen the chosen type and target say what they are (a small panel).
  const typeSelect = (
    <div className="transfers__field">
      <Select
        aria-label={t("type")}
        value={chosen}
        disabled={level !== 1 || live !== null || api.kinds.length < 2}
        onChange={(e) => store.choose(e.currentTarget.value as TransferType)}
        options={api.kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        fill
      />
    </div>
  );
  if (chosen === "live") return <LiveTransfer typeSelect={typeSelect} />;

  const kind: TransferKind = chosen;
  const targets = api.targetsOf(kind);
  const target = targets.find((x) => x.phone === store.targetPhone);
  const state = call.conferenceState;
  const outcome = call.transfer?.outcome ?? null;
  const said = outcome ? t(`outcome.${outcome}`) : state && level > 1 ? t(`state.${state}`) : "";

  return (
    <div className="transfers">
      <div className="transfers__row">
        {typeSelect}
        {active ? (
          <p className="transfers__party">
            {t("transferring_to", {
              name: active.name ?? readablePhone(active.party ?? ""),
              phone: readablePhone(active.party ?? ""),
            })}
          </p>
        ) : (
          needsTarget(kind) && (
            <div className="transfers__field transfers__field--target">
              <Select
                aria-label={t("target")}
                value={store.targetPhone}
                disabled={level !== 1 || store.targetsState !== "ready"}
                onChange={(e) => store.chooseTarget(e.currentTarget.value)}
                options={[
                  {
                    value: "",
                    label: store.targetsState === "loading" ? t("targets_loading") : t("choose_target"),
                  },
                  ...targets.map((x) => ({ value: x.phone, label: `${x.name} · ${readablePhone(x.phone)}` })),
                ]}
                fill
              />
              {kind === "sunlife" && targets.length > 0 && (
                // The Sun Life agents as a file the agent can keep or send on (agent-workspace §10).
                <Button
                  variant="minimal"
                  icon="download"
                  aria-label={t("sunlife_csv")}
                  title={t("sunlife_csv")}
                  onClick={() =>
                    downloadCsv(
                      SUNLIFE_CSV_FILE,
                      csvText(
                        [t("csv.name"), t("csv.phone")],
                        targets.map((x) => [x.name, readablePhone(x.phone)]),
                      ),
                    )
                  }
                />
              )}
            </div>
          )
        )}
        <div className="transfers__buttons">
          {stepsAt(level).map((step) => (
            <Button
              key={step}
              intent={INTENT[step]}
              text={t(`steps.${step}`)}
              disabled={store.busy || (step === "start" && needsTarget(kind) && !target)}
              onClick={() => void api.press(step)}
            />
          ))}
          {kind === "external" && level > 1 && (
            <Button
              icon="grid"
              aria-label={t("dialpad")}
              title={t("dialpad")}
              aria-expanded={store.dialpadOpen}
              onClick={() => store.toggleDialpad()}
            />
          )}
        </div>
      </div>
      {store.targetsState === "failed" && (
        <Callout intent="warning" className="transfers__callout">
          {t("targets_failed")}{" "}
          <Button
            size="small"
            variant="minimal"
            icon="refresh"
            text={t("retry")}
            onClick={() => api.retryTargets()}
          />
        </Callout>
      )}
      <div className="transfers__row transfers__row--status">
        <ol className="transfers__levels" aria-label={t("levels")}>
          {([1, 2, 3] as const).map((n) => (
            <li
              key={n}
              aria-current={n === level ? "step" : undefined}
              className={n === level ? "is-current" : undefined}
            >
              {t(`level.${n}`, { n, max: MAX_LEVEL })}
            </li>
          ))}
        </ol>
        <p className="transfers__state" role="status">
          {said}
        </p>
      </div>
      {kind === "external" && level > 1 && store.dialpadOpen && (
        <div className="transfers__dialpad" role="group" aria-label={t("dialpad")}>
          {KEYS.map((k) => (
            <Button
              key={k}
              text={k}
              onClick={() => void api.dtmf(k)}
              aria-label={t("send_digit", { digit: k })}
            />
          ))}
        </div>
      )}
    </div>
  );
});
export default TransfersPanel;
