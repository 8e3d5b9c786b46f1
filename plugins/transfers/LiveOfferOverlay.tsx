// A live transfer offered to this advisor (agent-workspace §4 Live transfer, §7 "confirm live transfer"): what
// the advisor needs to decide without opening the lead (it is not theirs until they accept) — the lead's name,
// place and local time, insurance, language, the qualifier and their notes, and the time left when the offer
// passes on by itself — with Accept and Pass. A non-modal card, like the inbound alert: a backdrop would keep
// the advisor from the softphone while the offer waits.
import { Button, Card, H4, Icon, Portal, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useId, type ReactNode } from "react";
import type { LiveTransferOffer } from "../../src/contract/liveTransfers";
import { isValidTimeZone, useNow, usePlugin } from "../../src/sdk";
import type { TransfersStore } from "./model";
import type { TransfersService } from "./service";
import "./transfers.css";

/** The lead's wall-clock time in its zone, in the advisor's language; null without a usable zone. */
function localTime(now: number, timeZone: string | null, language: string): string | null {
  if (!timeZone || !isValidTimeZone(timeZone)) return null;
  return new Intl.DateTimeFormat(language, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(new Date(now));
}

const Offer = observer(function Offer({ offer }: { offer: LiveTransferOffer }) {
  const { store, api, ctx } = usePlugin<TransfersStore, TransfersService>();
  const { t } = ctx;
  const titleId = useId();
  const leadId = useId();
  const now = useNow(ctx.clock, true);
  const expires = offer.expires_at ? Date.parse(offer.expires_at) : NaN;
  const left = Number.isFinite(expires) ? Math.max(0, Math.ceil((expires - now) / 1000)) : null;
  const time = localTime(now, offer.timezone, ctx.language);
  const place = api.offers.place(offer);
  const language = ["en", "fr", "es"].includes(offer.language)
    ? t(`languages.${offer.language}`)
    : offer.language;
  const waiting = api.offers.waiting();
  const accepting = store.accepting === offer.transfer_id;

  const rows: [string, ReactNode][] = [
    [t("offer.place"), place || "—"],
    ...(time ? ([[t("offer.local_time"), time]] as [string, string][]) : []),
    [t("offer.insurance"), offer.insurance.length ? offer.insurance.join(", ") : t("offer.none")],
    [t("offer.language"), language],
    [t("offer.qualifier"), t("offer.qualifier_value", offer.qualifier)],
    [
      t("offer.notes"),
      offer.notes.trim() ? <span className="live-offer__notes">{offer.notes}</span> : t("offer.none"),
    ],
  ];

  return (
    <Card
      elevation={4}
      className="live-offer"
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      aria-describedby={leadId}
      onKeyDown={(e) => e.key === "Escape" && !accepting && api.offers.pass(offer.transfer_id)}
    >
      <H4 id={titleId} className="live-offer__title">
        <Icon icon="exchange" intent="primary" aria-hidden />
        {t("offer.title")}
      </H4>
      <p id={leadId} className="live-offer__lead">
        <strong>{offer.name}</strong>
        {offer.health && (
          <Tag minimal intent="success" className="live-offer__health">
            {t("offer.health")}
          </Tag>
        )}
      </p>
      <dl className="live-offer__facts">
        {rows.map(([label, value]) => (
          <div key={label} className="live-offer__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {left !== null && (
        <p className="live-offer__countdown" role="timer" aria-live="off">
          {t("offer.expires", { count: left })}
        </p>
      )}
      {waiting > 0 && <p className="live-offer__waiting">{t("offer.waiting", { count: waiting })}</p>}
      <div className="live-offer__actions">
        <Button
          variant="minimal"
          text={t("offer.pass")}
          disabled={accepting}
          onClick={() => api.offers.pass(offer.transfer_id)}
        />
        <Button
          intent="success"
          icon="tick"
          text={t("offer.accept")}
          loading={accepting}
          onClick={() => void api.offers.accept(offer.transfer_id)}
        />
      </div>
    </Card>
  );
});

const LiveOfferOverlay = observer(function LiveOfferOverlay() {
  const { api } = usePlugin<TransfersStore, TransfersService>();
  const offer = api.offers.offer();
  if (!offer) return null;
  return (
    <Portal>
      <Offer key={offer.transfer_id} offer={offer} />
    </Portal>
  );
});
export default LiveOfferOverlay;
