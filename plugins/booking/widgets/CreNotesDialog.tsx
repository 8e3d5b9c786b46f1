// The lead's CRE notes (booking-and-reference §2, §3): a 'View notes' link opening a dialog titled 'CRE Notes',
// 500 px wide at most, one entry per note as the contract's parseCreNotes splits them ('date | timestamp - text'
// entries separated by the line-break tag), or 'There are no notes for this lead'.
import { Button, Dialog, DialogBody, DialogFooter } from "@blueprintjs/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { parseCreNotes } from "../../../src/contract/lead";
import { BOOKING_NS } from "./texts";
import "./widgets.css";

export function CreNotesDialog({ notes }: { notes: string | null | undefined }) {
  const { t } = useTranslation(BOOKING_NS);
  const [open, setOpen] = useState(false);
  const entries = useMemo(() => parseCreNotes(notes), [notes]);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="minimal"
        intent="primary"
        size="small"
        text={t("widgets.cre_notes.open")}
        onClick={() => setOpen(true)}
      />
      <Dialog
        isOpen={open}
        onClose={close}
        title={t("widgets.cre_notes.title")}
        // Blueprint's own close button is named 'Close' in English whatever the language: ours is in the footer.
        isCloseButtonShown={false}
        className="booking-cre-notes"
      >
        <DialogBody>
          {entries.length === 0 ? (
            <p>{t("widgets.cre_notes.empty")}</p>
          ) : (
            <ul className="booking-cre-notes__list">
              {entries.map((entry, i) => (
                <li key={i}>
                  {entry.stamp && <span className="booking-cre-notes__stamp">{entry.stamp}</span>}
                  <span className="booking-cre-notes__text">{entry.text}</span>
                </li>
              ))}
            </ul>
          )}
        </DialogBody>
        <DialogFooter actions={<Button text={t("widgets.cre_notes.close")} onClick={close} />} />
      </Dialog>
    </>
  );
}
