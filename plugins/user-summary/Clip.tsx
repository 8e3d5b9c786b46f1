// What a table cell shows when the room is short: a text cut to one line, whole in a tooltip on hover and on
// keyboard focus (the cut text becomes focusable only when it is cut, so whole texts add no tab stops); and a
// call time, compact in the agent's zone, in full in its tooltip and for screen readers.
import { Tooltip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { usePlugin } from "../../src/sdk";
import { agentTimeZone, callTimeText, type CallTimeText } from "./format";
import { useOverflowing } from "./measure";

export function Clip({ text }: { text: string | null }) {
  const [watch, cut] = useOverflowing<HTMLSpanElement>([text]);
  if (!text) return null;
  return (
    <Tooltip
      content={<span className="user-summary__tip">{text}</span>}
      disabled={!cut}
      compact
      placement="bottom-start"
      className="user-summary__clip-target"
    >
      <span ref={watch} className="user-summary__clip">
        {text}
      </span>
    </Tooltip>
  );
}

/**
 * A text that must be read whole, a lead's name: it wraps at its spaces (a word longer than the column breaks)
 * rather than being cut, so the row grows a line instead of hiding who the call is for.
 */
export function Whole({ text }: { text: string | null }) {
  if (!text) return null;
  return <span className="user-summary__whole">{text}</span>;
}

/**
 * One of a few known words, a status or a type ("Messagerie vocale", "Opportunité engagée"): read whole, it
 * wraps at its spaces, never within a word (its column is as wide as its longest word: see wordsWidth).
 */
export function Words({ text }: { text: string | null }) {
  if (!text) return null;
  return <span className="user-summary__whole user-summary__whole--words">{text}</span>;
}

/** Formats call times for this render: the agent's language and zone, and this year (left out of dates). */
export function useCallTimes(): (iso: string) => CallTimeText {
  const { i18n } = useTranslation("user-summary");
  const { ctx } = usePlugin();
  const zone = agentTimeZone();
  const now = ctx.clock.now();
  return (iso) => callTimeText(iso, i18n.language, zone, now);
}

export function CallTime({ iso, text }: { iso: string; text: CallTimeText }) {
  return (
    <Tooltip content={text.full} compact placement="bottom-start" className="user-summary__clip-target">
      <time dateTime={iso} className="user-summary__time" aria-label={text.full}>
        {text.compact}
      </time>
    </Tooltip>
  );
}
