// A relation dialog (admin-and-sign-in §2 "Relation dialogs, each with Cancel and Save"): the group's agents or
// its attributes, ticked in a list with a filter box, saved all at once. A refusal shows as a text block.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, InputGroup, Spinner } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import type { AttributeGroup } from "../../src/contract/attributeGroups";
import { usePlugin } from "../../src/sdk";
import { ErrorBlock } from "./GroupDialog";
import type { GroupsStore } from "./model";
import type { GroupsService } from "./service";

interface Item {
  id: number;
  label: string;
}

export function RelationDialog({ group, relation, onClose }: { group: AttributeGroup; relation: "users" | "attributes"; onClose(): void }) {
  const { api, ctx } = usePlugin<GroupsStore, GroupsService>();
  const { t } = ctx;
  const [items, setItems] = useState<Item[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [filter, setFilter] = useState("");
  const [errors, setErrors] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    const read = async () => {
      try {
        if (relation === "users") {
          const r = await api.users(group.id);
          if (!live) return;
          setItems(r.agents.map((a) => ({ id: a.id, label: a.extension ? `${a.full_name} (${a.extension})` : a.full_name })));
          setChosen(new Set(r.userIds));
        } else {
          const r = await api.attributes(group.id);
          if (!live) return;
          setItems(r.attributes.map((a) => ({ id: a.id, label: a.name })));
          setChosen(new Set(r.attributeIds));
        }
      } catch (e) {
        if (live) {
          setItems([]);
          setErrors(api.failure(e));
        }
      }
    };
    void read();
    return () => {
      live = false;
    };
  }, [api, group.id, relation]);

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
    <Dialog isOpen title={t(`${relation}.title`, { name: group.name })} onClose={onClose}>
      <DialogBody>
        <InputGroup
          leftIcon="filter"
          type="search"
          aria-label={t("filter")}
          placeholder={t("filter")}
          value={filter}
          onValueChange={setFilter}
        />
        {items === null ? (
          <Spinner size={20} />
        ) : (
          <div className="groups__choices" role="group" aria-label={t(`${relation}.list`)}>
            {shown.length === 0 && <p className="groups__help">{t(`${relation}.none`)}</p>}
            {shown.map((item) => (
              <Checkbox key={item.id} label={item.label} checked={chosen.has(item.id)} onChange={() => toggle(item.id)} />
            ))}
          </div>
        )}
        {errors && <ErrorBlock lines={errors} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("cancel")} onClick={onClose} />
            <Button
              intent="primary"
              text={t("save")}
              loading={saving}
              disabled={items === null}
              onClick={async () => {
                setSaving(true);
                const outcome = await api.saveRelation(group.id, relation, [...chosen].sort((a, b) => a - b));
                setSaving(false);
                if (outcome) setErrors(outcome);
                else onClose();
              }}
            />
          </>
        }
      />
    </Dialog>
  );
}
