import { types, type Instance } from "mobx-state-tree";
import type { LayoutItem } from "../contract/layout";

/** The agent's arrangement. Edit mode is volatile: it is never saved. */
export const LayoutModel = types
  .model("Layout", { items: types.array(types.frozen<LayoutItem>()) })
  .volatile(() => ({ editing: false }))
  .views((self) => ({
    has(panelId: string) {
      return self.items.some((it) => it.panel === panelId);
    },
  }))
  .actions((self) => ({
    replace(items: LayoutItem[]) {
      self.items.replace(items);
    },
    add(item: LayoutItem) {
      if (!self.items.some((it) => it.i === item.i)) self.items.push(item);
    },
    remove(i: string) {
      const at = self.items.findIndex((it) => it.i === i);
      if (at >= 0) self.items.splice(at, 1);
    },
    setEditing(on: boolean) {
      self.editing = on;
    },
  }));
export type LayoutModel = Instance<typeof LayoutModel>;
