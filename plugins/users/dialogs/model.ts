// One dialog's state (admin-and-sign-in §2 row dialogs): loading what it shows, the choices being edited,
// saving, and the refusal shown as a text block (§8). Each open dialog creates its own, dropped on close.
import { types, type Instance } from "mobx-state-tree";

export const DialogModel = types
  .model("UsersRowDialog", {
    phase: types.optional(types.enumeration(["loading", "ready", "saving", "done"]), "loading"),
    /** The refusal to show, already in the manager's language; null: none. */
    error: types.maybeNull(types.string),
    /** The ticked choices (state codes, attribute ids as text). */
    chosen: types.array(types.string),
  })
  .views((self) => ({
    get busy() {
      return self.phase === "loading" || self.phase === "saving";
    },
    has(value: string) {
      return self.chosen.includes(value);
    },
  }))
  .actions((self) => ({
    loaded(chosen: readonly string[] = []) {
      self.chosen.replace([...chosen]);
      self.phase = "ready";
      self.error = null;
    },
    toggle(value: string, on: boolean) {
      const rest = self.chosen.filter((v) => v !== value);
      self.chosen.replace(on ? [...rest, value] : rest);
    },
    choose(values: readonly string[]) {
      self.chosen.replace([...values]);
    },
    saving() {
      self.phase = "saving";
      self.error = null;
    },
    done() {
      self.phase = "done";
      self.error = null;
    },
    failed(message: string) {
      // A failed load leaves nothing to edit; a failed save keeps the choices to try again.
      self.phase = self.phase === "loading" ? "done" : "ready";
      self.error = message;
    },
  }));
export type DialogState = Instance<typeof DialogModel>;
