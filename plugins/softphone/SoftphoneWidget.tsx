// The softphone widget (agent-workspace §2): draggable, shown when logged in and WebRTC is on. It lives as a
// compact bar docked in the top bar's free stretch, where it covers no panel: the connection state, the
// number and Call, and on a call the call itself with hold, mute and hang up. The rest (dial pad, voicemail,
// transfer and conference, audio settings, the phone's problems) unfolds below the bar when the agent opens
// it, when a call rings or when the phone cannot work. Dragged away from the top bar it floats where the
// agent put it (and unfolds up or down, left or right, to stay on screen); both its place and whether it
// was open are remembered on this computer.
import { Button, Card, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useId, useRef, type CSSProperties, type KeyboardEvent, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import type { SoftphoneApi } from "./api";
import type { SoftphoneStore } from "./model";
import { isDialKey, unfoldFrom } from "./rules";
import { AudioSettings } from "./widget/AudioSettings";
import { OtherCalls, PrimaryCall } from "./widget/CallBoxes";
import { CallTools } from "./widget/CallTools";
import { CallButton, Keypad, NumberField } from "./widget/DialPad";
import { Problems } from "./widget/Problems";
import { Refusal } from "./widget/Refusal";
import { useDrag } from "./widget/useDrag";
import "./softphone.css";

const STATE_INTENT = {
  connected: "success",
  connecting: "warning",
  reconnecting: "warning",
  disconnected: "danger",
  off: "none",
} as const;

/** Kept in step with softphone.css: the bar's height, the unfolded panel's width, and the docked bar's top. */
const BAR_HEIGHT = 40;
const PANEL_WIDTH = 360;
const DOCKED_TOP = 5;
/** Room kept between the unfolded panel and the screen's edge. */
const MARGIN = 12;

const SoftphoneWidget = observer(function SoftphoneWidget() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const box = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const { position, dragging, handle, viewport } = useDrag(box, store.position, api.moveTo);
  const onCall = api.onCall;
  const keepFocus = useFocusAcrossCall(box, onCall);
  if (!api.enabled) return null;

  const open = store.open;
  const unfold = position ? unfoldFrom(position, PANEL_WIDTH, viewport) : { up: false, left: true };
  // The unfolded panel scrolls inside itself rather than run off the screen.
  const panelRoom = !position
    ? viewport.height - DOCKED_TOP - BAR_HEIGHT - MARGIN
    : unfold.up
      ? position.y - MARGIN
      : viewport.height - position.y - BAR_HEIGHT - MARGIN;
  const notifications = store.notifications === "default" || store.notifications === "denied";

  // Dial pad keys typed anywhere in the widget except its text fields and selects; Escape folds it.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === "Escape" && open) {
      e.preventDefault();
      api.setOpen(false);
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (isDialKey(e.key)) {
      e.preventDefault();
      api.press(e.key);
    }
  };

  const className = [
    "softphone",
    position ? "softphone--placed" : "softphone--docked",
    open && "softphone--open",
    unfold.up && "softphone--up",
    unfold.left && "softphone--left",
    dragging && "softphone--dragging",
    store.ringing.length > 0 && "softphone--ringing",
  ]
    .filter(Boolean)
    .join(" ");
  const style: CSSProperties | undefined = position ? { left: position.x, top: position.y } : undefined;

  return (
    <div
      ref={box}
      role="region"
      aria-label={t("title")}
      className={className}
      style={style}
      onKeyDown={onKeyDown}
      {...keepFocus}
    >
      <Card elevation={1} className="softphone__bar">
        <Button
          variant="minimal"
          size="small"
          icon="drag-handle-vertical"
          className="softphone__handle"
          aria-label={t("move")}
          title={t("move")}
          {...handle}
        />
        <Button
          variant="minimal"
          className="softphone__toggle"
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          icon="phone"
          endIcon={open !== unfold.up ? "chevron-up" : "chevron-down"}
          onClick={() => api.setOpen(!open)}
        >
          {t("title")}
        </Button>
        <span role="status" className="softphone__state">
          <Tag minimal intent={STATE_INTENT[store.phoneState]} round>
            {t(`phone.${store.phoneState}`)}
          </Tag>
        </span>
        {notifications && (
          <Button
            variant="minimal"
            intent="warning"
            icon="notifications-snooze"
            aria-label={t(
              `webrtc.notifications.${store.notifications === "denied" ? "blocked_short" : "off_short"}`,
            )}
            title={t(
              `webrtc.notifications.${store.notifications === "denied" ? "blocked_short" : "off_short"}`,
            )}
            onClick={() => api.setOpen(true)}
          />
        )}
        {onCall ? (
          <PrimaryCall />
        ) : store.listenOnly ? null : (
          <>
            <NumberField className="softphone__number" />
            <CallButton />
          </>
        )}
        {position && (
          <Button
            variant="minimal"
            size="small"
            icon="unpin"
            aria-label={t("dock")}
            title={t("dock")}
            onClick={() => api.dock()}
          />
        )}
      </Card>
      <div className="softphone__drop">
        {store.refusal?.field === "dial" && (
          <Card elevation={2} compact className="softphone__note">
            <Refusal field="dial" />
          </Card>
        )}
        {open && (
          <Card
            id={panelId}
            elevation={3}
            compact
            className="softphone__body"
            style={{ maxHeight: Math.max(160, panelRoom) }}
          >
            <Problems />
            <OtherCalls />
            {!store.listenOnly && (
              <>
                <CallTools />
                {onCall && <NumberField />}
                <Keypad />
              </>
            )}
            <AudioSettings />
          </Card>
        )}
      </div>
    </div>
  );
});
export default SoftphoneWidget;

/**
 * The bar swaps the number field for the call as the call starts, and back as it ends. A keyboard or screen
 * reader user whose focus was on what went away lands on the widget's toggle (on a call: nothing that a
 * stray Enter would hang up or answer) or back in the number field, instead of at the top of the page. After
 * a click, focus is left alone (no focus ring appears where nobody pointed).
 */
function useFocusAcrossCall(box: RefObject<HTMLElement | null>, onCall: boolean) {
  const last = useRef<HTMLElement | null>(null);
  const byKeyboard = useRef(false);
  useEffect(() => {
    const was = last.current;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!was || was.isConnected || !lost || !byKeyboard.current) return;
    const target = onCall
      ? box.current?.querySelector<HTMLElement>(".softphone__toggle")
      : box.current?.querySelector<HTMLElement>(".softphone__number input");
    target?.focus();
  }, [onCall, box]);
  return {
    onFocus: (e: { target: EventTarget }) => void (last.current = e.target as HTMLElement),
    onKeyDownCapture: () => void (byKeyboard.current = true),
    onPointerDownCapture: () => void (byKeyboard.current = false),
  };
}
