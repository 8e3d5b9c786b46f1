// A relation dialog (admin-and-sign-in §2 "Relation dialogs, each with Cancel and Save"; §8 "Relation dialogs
// show the returned errors text on failure; field errors in dialogs appear as a text block"): the members of
// one thing (a campaign's qualifiers, a lead group's advisors or prefixes, an attribute group's agents) ticked
// in a list with a filter box, saved all at once. The plugin says how to read and save; the dialog does the rest.
import { Button, Callout, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, Spinner } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { useSdkTexts } from "../ui/texts";
import "./settings.css";

export interface RelationItem {
  id: number;
  label: string;
}

export interface RelationDialogProps {
  title: string;
  /** The list's accessible name, e.g. "Qualifiers of the campaign". */
  listLabel: string;
  /** What the list says when nothing matches the filter or there is nothing to choose. */
  emptyText: string;
  /** Everything that may be chosen and the ids chosen now. */
  load(): Promise<{ items: RelationItem[]; chosen: number[] }>;
  /** Saves the chosen ids (sorted); resolves to the refusal's lines, or null when saved. */
  save(ids: number[]): Promise<string[] | null>;
  /** A failed load's lines (its errors text); the dialog's own text when absent. */
  failure?(e: unknown): string[];
  onClose(): void;
}

/** The refusal's lines as one text block. */
export function ErrorLines({ lines }: { lines: string[] }) {
  return (
    <Callout intent="danger" role="alert" className="settings-relation__errors">
      {lines.map((line, i) => (
        <div key={`${i}:${line}`}>{line}</div>
      ))}
    </Callout>
  );
}

export function RelationDialog({ title, listLabel, emptyText, load, save, failure, onClose }: RelationDialogProps) {
  const { t } = useSdkTexts();
  const [items, setItems] = useState<RelationItem[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState("");
  const [errors, setErrors] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    load().then(
      (r) => {
        if (!live) return;
        setItems(r.items);
        setChosen(new Set(r.chosen));
      },
      (e: unknown) => {
        if (!live) return;
        setItems([]);
        setErrors(failure?.(e) ?? [t("settings.relation_failed")]);
      },
    );
    return () => {
      live = false;
    };
    // Read once per opening: `load` is a new function at each render of the page.
  }, []);

  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return (items ?? []).filter((i) => !f || i.label.toLowerCase().includes(f));
  }, [items, filter]);
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Dialog isOpen title={title} onClose={onClose}>
      <DialogBody>
        <InputGroup
          leftIcon="filter"
          type="search"
          aria-label={t("settings.filter")}
          placeholder={t("settings.filter")}
          value={filter}
          onValueChange={setFilter}
        />
        {items === null ? (
          <Spinner size={20} />
        ) : (
          <div className="settings-relation__choices" role="group" aria-label={listLabel}>
            {shown.length === 0 && <p className="settings-page__intro">{emptyText}</p>}
            {shown.map((item) => (
              <Checkbox key={item.id} label={item.label} checked={chosen.has(item.id)} onChange={() => toggle(item.id)} />
            ))}
          </div>
        )}
        {errors && <ErrorLines lines={errors} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("settings.cancel")} onClick={onClose} />
            <Button
              intent="primary"
              text={t("settings.save")}
              loading={saving}
              disabled={items === null}
              onClick={async () => {
                setSaving(true);
                const refused = await save([...chosen].sort((a, b) => a - b));
                setSaving(false);
                if (refused) setErrors(refused);
                else onClose();
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
