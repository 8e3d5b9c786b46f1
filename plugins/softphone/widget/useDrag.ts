// Dragging the widget by its handle with pointer events (mouse, pen, touch), or with the arrow keys; the
// position stays inside the viewport (also when the window shrinks, or a page opens on a smaller screen than
// the one it was placed on) and is saved only when the move ends.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from "react";
import { clampPosition, type Point } from "../rules";

const KEY_STEP = 10;
const viewport = () => ({ width: window.innerWidth, height: window.innerHeight });

export function useDrag(
  box: RefObject<HTMLElement | null>,
  saved: Point | null,
  onMoved: (p: Point) => void,
) {
  const [moving, setMoving] = useState<Point | null>(null);
  const [size, setSize] = useState(viewport);
  const start = useRef<{ pointer: Point; at: Point } | null>(null);

  const current = (): Point => {
    const r = box.current?.getBoundingClientRect();
    return saved ?? { x: r?.left ?? 0, y: r?.top ?? 0 };
  };
  const clamp = useCallback(
    (p: Point) => {
      const r = box.current?.getBoundingClientRect();
      return clampPosition(p, { width: r?.width ?? 0, height: r?.height ?? 0 }, viewport());
    },
    [box],
  );

  // A smaller window must not leave the phone out of reach.
  useEffect(() => {
    const onResize = () => {
      const v = viewport();
      setSize((old) => (old.width === v.width && old.height === v.height ? old : v));
      if (!saved) return;
      const p = clamp(saved);
      if (p.x !== saved.x || p.y !== saved.y) onMoved(p);
    };
    onResize();
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [saved, clamp, onMoved]);

  const handle = {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.button !== 0) return;
      e.currentTarget.setPointerCapture?.(e.pointerId);
      start.current = { pointer: { x: e.clientX, y: e.clientY }, at: current() };
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      const s = start.current;
      if (!s) return;
      setMoving(clamp({ x: s.at.x + e.clientX - s.pointer.x, y: s.at.y + e.clientY - s.pointer.y }));
    },
    onPointerUp() {
      if (start.current && moving) onMoved(moving);
      start.current = null;
      setMoving(null);
    },
    onPointerCancel() {
      start.current = null;
      setMoving(null);
    },
    onKeyDown(e: KeyboardEvent<HTMLElement>) {
      const step = e.shiftKey ? KEY_STEP * 5 : KEY_STEP;
      const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
        e.key
      ];
      if (!d) return;
      e.preventDefault();
      const p = current();
      onMoved(clamp({ x: p.x + d[0], y: p.y + d[1] }));
    },
  };
  return { position: moving ?? saved, dragging: moving !== null, handle, viewport: size };
}
