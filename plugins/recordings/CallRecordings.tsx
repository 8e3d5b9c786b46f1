// A call's extra recordings, under it in the lead's history (the lead card draws it: `callFacet` in index.ts): how
// long each is, and a Play button that loads its audio into a player. Shown to every agent who has the lead card,
// advisor or not: a qualifier plays the recordings of its lead's calls too (GET /recordings/{id}/audio lets it).
import { Button, Classes } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePlugin, type CallFacetProps } from "../../src/sdk";
import type { CallRecording, RecordingsFacet } from "./contract";
import type { RecordingsStore } from "./model";
import type { RecordingsService } from "./service";
import "./recordings.css";

const formatSeconds = (s: number, language: string) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(s);

function RecordingEntry({ r }: { r: CallRecording }) {
  const { api, ctx } = usePlugin<RecordingsStore, RecordingsService>();
  const { t, i18n } = useTranslation("recordings");
  const [url, setUrl] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const playable = r.state === "complete" || r.state === "incomplete";
  const label = t("history.recording", { index: r.index });
  const load = async () => {
    setState("loading");
    try {
      setUrl(await api.recordingAudio(r.id));
      setState("idle");
    } catch (e) {
      ctx.log(`recording ${r.id} could not be read`, e instanceof Error ? e.message : undefined);
      setState("failed");
    }
  };
  return (
    <div className="recordings__history-entry">
      {label} ·{" "}
      {r.seconds === null
        ? t(`history.recordingState.${r.state}`)
        : t("history.seconds", { seconds: formatSeconds(r.seconds, i18n.language) })}
      {r.state === "incomplete" && <> · {t("history.recordingState.incomplete")}</>}
      {playable && !url && (
        <Button
          size="small"
          variant="minimal"
          icon="play"
          loading={state === "loading"}
          onClick={() => void load()}
          aria-label={t("history.play", { label })}
        >
          {t("history.playShort")}
        </Button>
      )}
      {state === "failed" && <span className={Classes.TEXT_MUTED}> · {t("history.playFailed")}</span>}
      {url && <audio className="recordings__audio" src={url} controls autoPlay aria-label={label} />}
    </div>
  );
}

export default function CallRecordings({ facet }: CallFacetProps<RecordingsFacet>) {
  return (
    <>
      {facet.recordings.map((r) => (
        <RecordingEntry key={r.id} r={r} />
      ))}
    </>
  );
}
