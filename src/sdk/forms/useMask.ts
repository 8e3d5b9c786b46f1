import { useLayoutEffect, useRef, type ChangeEvent } from "react";
import { caretAfter, significantBefore } from "./masks";

/**
 * The change handler of a masked input: it masks what was typed and puts the caret back after the same letter or
 * digit, so typing or deleting in the middle of "514.555.1234" does not throw the caret to the end.
 */
export function useMask(mask: (text: string) => string, onValue: (masked: string) => void) {
  const ref = useRef<HTMLInputElement | null>(null);
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = ref.current;
    if (caret.current !== null && input && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const at = event.currentTarget.selectionStart ?? typed.length;
    const masked = mask(typed);
    caret.current = caretAfter(masked, significantBefore(typed, at));
    onValue(masked);
  };
  return { ref, onChange };
}
