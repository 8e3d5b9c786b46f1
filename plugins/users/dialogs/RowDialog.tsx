// The frame every row dialog shares (admin-and-sign-in §2, §8): Blueprint's Dialog with the agent's name in
// the title, a spinner while loading, the refusal as a text block, and Cancel with Save where it saves.
import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from "@blueprintjs/core";
import { observer } from "mobx-react-lite";
import { useEffect, useState, type ReactNode } from "react";
import { usePlugin } from "../../../src/sdk";
import { DialogModel, type DialogState } from "./model";
import { dialogCalls, refusalText, type DialogCalls } from "./service";

export interface RowDialogProps {
  title: string;
  state: DialogState;
  onClose(): void;
  /** Absent: a dialog that only shows (a Close button). */
  onSave?: () => void;
  /** Save stays disabled until the choice is complete (the follow-ups' target). */
  canSave?: boolean;
  saveText?: string;
  children?: ReactNode;
}

export const RowDialog = observer(function RowDialog(p: RowDialogProps) {
  const { t } = usePlugin().ctx;
  const { state } = p;
  return (
    <Dialog isOpen title={p.title} onClose={p.onClose} className="users-dialog">
      <DialogBody>
        {state.phase === "loading" ? <Spinner size={24} aria-label={t("dialogs.loading")} /> : p.children}
        {state.error && (
          <Callout intent="danger" role="alert" className="users-dialog__error">
            {state.error.split("\n").map((line, i) => (
              <div key={i}>{line}</div>
            ))}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          p.onSave ? (
            <>
              <Button text={t("dialogs.cancel")} onClick={p.onClose} />
              <Button
                intent="primary"
                text={p.saveText ?? t("dialogs.save")}
                loading={state.phase === "saving"}
                disabled={state.phase !== "ready" || p.canSave === false}
                onClick={p.onSave}
              />
            </>
          ) : (
            <Button text={t("dialogs.close")} onClick={p.onClose} />
          )
        }
      />
    </Dialog>
  );
});

/**
 * A dialog's state and calls: `load` runs once when the dialog opens (its answer, the ticked choices);
 * `save(task)` runs a write, shows 'Changes applied successfully.', tells the list and closes the dialog
 * (when `closeOnSave` is given), or shows the refusal and stays open.
 */
export function useRowDialog(
  load: (calls: DialogCalls) => Promise<readonly string[] | void>,
  onSaved: () => void,
  closeOnSave?: () => void,
) {
  const { ctx } = usePlugin();
  const [state] = useState(() => DialogModel.create());
  const [calls] = useState(() => dialogCalls(ctx));
  useEffect(() => {
    let live = true;
    load(calls).then(
      (chosen) => live && state.loaded(chosen ?? []),
      (e: unknown) => live && state.failed(refusalText(e, ctx.t)),
    );
    return () => {
      live = false;
    };
    // Loaded once per opening: the dialog is mounted when opened and unmounted when closed.
  }, []);
  const save = async (task: (calls: DialogCalls) => Promise<unknown>, success = ctx.t("dialogs.saved")) => {
    state.saving();
    try {
      await task(calls);
      state.done();
      ctx.notify.success(success);
      onSaved();
      closeOnSave?.();
    } catch (e) {
      state.failed(refusalText(e, ctx.t));
    }
  };
  return { state, calls, save, t: ctx.t, ctx };
}
