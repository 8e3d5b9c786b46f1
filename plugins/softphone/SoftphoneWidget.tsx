// The softphone widget (agent-workspace §2): a draggable card above the grid with the connection state, the
// call boxes, the dial pad, the in-call tools and the audio settings.
import { Button, Card, Tag } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/core/PluginScope";
import type { SoftphoneApi } from "./api";
import type { SoftphoneStore } from "./model";
import { isDialKey } from "./rules";
import { AudioSettings } from "./widget/AudioSettings";
import { CallBoxes } from "./widget/CallBoxes";
import { CallTools } from "./widget/CallTools";
import { DialPad } from "./widget/DialPad";
import { Problems } from "./widget/Problems";
import { useDrag } from "./widget/useDrag";
import "./softphone.css";

const STATE_INTENT = {
  connected: "success",
  connecting: "warning",
  reconnecting: "warning",
  disconnected: "danger",
  off: "none",
} as const;

const SoftphoneWidget = observer(function SoftphoneWidget() {
  const { store, api } = usePlugin<SoftphoneStore, SoftphoneApi>();
  const { t } = useTranslation("softphone");
  const box = useRef<HTMLDivElement>(null);
  const { position, dragging, handle } = useDrag(box, store.position, api.moveTo);
  if (!api.enabled) return null;

  // Dial pad keys typed anywhere in the widget except its text fields and selects.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const target = e.target as HTMLElement;
    if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
    if (isDialKey(e.key)) {
      e.preventDefault();
      api.press(e.key);
    }
  };

  return (
    <Card
      ref={box}
      role="region"
      aria-label={t("title")}
      elevation={3}
      compact
      className={`softphone${dragging ? " softphone--dragging" : ""}${position ? " softphone--placed" : ""}`}
      style={position ? { left: position.x, top: position.y } : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="softphone__header">
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
          aria-expanded={store.open}
          icon="phone"
          endIcon={store.open ? "chevron-down" : "chevron-up"}
          onClick={() => api.setOpen(!store.open)}
        >
          {t("title")}
        </Button>
        <span role="status" className="softphone__state">
          <Tag minimal intent={STATE_INTENT[store.phoneState]} round>
            {t(`phone.${store.phoneState}`)}
          </Tag>
        </span>
      </div>
      {store.open && (
        <div className="softphone__body">
          <Problems />
          <CallBoxes />
          <CallTools />
          <DialPad />
          <AudioSettings />
        </div>
      )}
    </Card>
  );
});
export default SoftphoneWidget;
