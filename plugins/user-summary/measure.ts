// What the tables measure of themselves: the width their panel gives them (not the window's: the agent sizes
// panels on the grid), and whether a box's content is wider than the box (a cut text, a table that must
// scroll). Both follow the box through a ResizeObserver; without one (an old browser) the first measure holds.
import { useLayoutEffect, useState, type DependencyList } from "react";

function observe(el: Element, onResize: (width: number) => void): () => void {
  if (typeof ResizeObserver === "undefined") return () => {};
  const observer = new ResizeObserver((entries) => {
    const entry = entries.find((e) => e.target === el) ?? entries[0];
    if (entry) onResize(entry.contentRect.width);
  });
  observer.observe(el);
  return () => observer.disconnect();
}

/**
 * The element's content width in whole pixels, or null before it is laid out (a hidden tab measures 0): the
 * tables then show every column, as on a wide screen.
 */
export function useElementWidth<T extends Element>(): [(el: T | null) => void, number | null] {
  const [el, setEl] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!el) return;
    const set = (w: number) => setWidth(w > 0 ? Math.floor(w) : null);
    set(el.getBoundingClientRect().width);
    return observe(el, set);
  }, [el]);
  return [setEl, width];
}

/**
 * True while the element's content is wider than the element itself. Checked after every change of `deps`
 * (the text, the columns shown) and whenever the element or its first child is resized.
 */
export function useOverflowing<T extends HTMLElement>(deps: DependencyList): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    if (!el) return;
    const check = () => setOverflowing(el.scrollWidth > el.clientWidth);
    check();
    const stops = [observe(el, check)];
    if (el.firstElementChild) stops.push(observe(el.firstElementChild, check));
    return () => stops.forEach((stop) => stop());
    // `deps` are the caller's: what changes the content without resizing the box.
  }, [el, ...deps]);
  return [setEl, overflowing];
}
