/**
 * Parts of long pages marked `data-offscreen` skip their rendering while far from the screen
 * (global.css, decision 0048), standing in with an estimated height. A scroll the app makes
 * itself, to a section or to the position restored on going back, must land where the real page
 * puts it: `renderOffscreen(true)` first renders them all (until the next page).
 */
export function renderOffscreen(rendered: boolean): void {
  if (rendered) document.documentElement.dataset.offscreen = 'rendered';
  else delete document.documentElement.dataset.offscreen;
}
