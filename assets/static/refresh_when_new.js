// The page that follows without a live stream — the room's TV podium (/follow/{code}/tv/podium): asks
// for the page again every minute and, when it changed (a stage ended), shows the new one. Nobody stands at a TV to stop a page that refreshes by
// itself: the page is loaded again only when there is something new to show.
(() => {
  "use strict";
  const every = 60000; // ms between two looks
  let shown = null; // the page as first asked for

  function look() {
    fetch(location.href, { credentials: "same-origin", cache: "no-cache" })
      .then((r) => (r.ok ? r.text() : null))
      .then((page) => {
        if (page === null) return;
        if (shown === null) shown = page;
        else if (page !== shown) location.reload();
      })
      .catch(() => {})
      .finally(() => setTimeout(look, every));
  }
  look();
})();
