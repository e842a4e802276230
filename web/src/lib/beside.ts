// A choice box opens beside the place clicked (issue 23): to its right where it fits, else
// to its left, below or above, and always inside the window, so the box never covers the
// place it is about.

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Side = 'right' | 'left' | 'below' | 'above';

/** Room left between the place and the box, and between the box and the area's edge. */
const GAP = 8;

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(v, hi));
}

/**
 * Where a box of `size` goes beside `place`, both in the coordinates of `area` (the window):
 * the first side on which it fits whole, else the side with the most room, moved inside the
 * area.
 */
export function besidePosition(place: Rect, size: { width: number; height: number }, area: Rect): { left: number; top: number; side: Side } {
  const right = area.left + area.width;
  const bottom = area.top + area.height;
  const middleY = clamp(place.top + place.height / 2 - size.height / 2, area.top + GAP, bottom - size.height - GAP);
  const middleX = clamp(place.left + place.width / 2 - size.width / 2, area.left + GAP, right - size.width - GAP);
  const sides: { side: Side; left: number; top: number; room: number; need: number }[] = [
    { side: 'right', left: place.left + place.width + GAP, top: middleY, room: right - (place.left + place.width), need: size.width + 2 * GAP },
    { side: 'left', left: place.left - GAP - size.width, top: middleY, room: place.left - area.left, need: size.width + 2 * GAP },
    { side: 'below', left: middleX, top: place.top + place.height + GAP, room: bottom - (place.top + place.height), need: size.height + 2 * GAP },
    { side: 'above', left: middleX, top: place.top - GAP - size.height, room: place.top - area.top, need: size.height + 2 * GAP },
  ];
  const fits = sides.find((s) => s.room >= s.need) ?? [...sides].sort((a, b) => b.room / b.need - a.room / a.need)[0];
  return {
    side: fits.side,
    left: clamp(fits.left, area.left + GAP, Math.max(area.left + GAP, right - size.width - GAP)),
    top: clamp(fits.top, area.top + GAP, Math.max(area.top + GAP, bottom - size.height - GAP)),
  };
}

/**
 * A Svelte action: places the box (`position: fixed`) beside `anchor` inside the window, and
 * again when the box changes size or the page or the board scrolls. The window, not the
 * board, is its area: on a phone the board is too small to hold a box beside a place.
 */
export function beside(node: HTMLElement, anchor: Element | null) {
  let current = anchor;
  function place() {
    if (!current) return;
    const r = current.getBoundingClientRect();
    const where = besidePosition(
      { left: r.left, top: r.top, width: r.width, height: r.height },
      { width: node.offsetWidth, height: node.offsetHeight },
      { left: 0, top: 0, width: document.documentElement.clientWidth, height: window.innerHeight },
    );
    node.style.left = `${where.left}px`;
    node.style.top = `${where.top}px`;
    node.dataset.side = where.side;
  }
  place();
  const watch = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
  watch?.observe(node);
  // Scrolling anything (the page, a zoomed board) moves the place: the box follows it.
  window.addEventListener('scroll', place, { capture: true, passive: true });
  window.addEventListener('resize', place);
  return {
    update(next: Element | null) {
      current = next;
      place();
    },
    destroy() {
      watch?.disconnect();
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    },
  };
}
