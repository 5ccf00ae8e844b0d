// Race Director — a season's live pages (/follow/season/{code} on phones, …/tv on the room's TV). They
// listen to the season's event stream (GET /api/v1/follow/season/{code}/events): after a change of the
// season or of one of its tours (a result, a stage ended, an undo) the server tells the season's new
// state, and the page reads itself again and puts the new standings in place, without a reload and
// keeping the reader's scroll position. The standings are the server's: nothing is counted here. Every
// page works without this file: it then refreshes itself every minute.
(() => {
  "use strict";
  const root = document.querySelector("[data-live=season]");
  if (!root || !window.EventSource || !window.fetch) return;
  const url = root.dataset.events;
  let version = root.dataset.version || "";
  let latest = version;
  let busy = false;
  let source = null;
  let wait = 2000;
  let closed = false;

  // words is the page's word for name (its data-words-NAME, in the page's language).
  const words = (name) => root.getAttribute("data-words-" + name) || "";

  // indicator shows the stream's state in the page's [data-live-state] ("live", "reconnecting", …).
  function indicator(state, text) {
    document.querySelectorAll("[data-live-state]").forEach((el) => {
      el.setAttribute("data-live-state", state);
      const t = el.querySelector("[data-live-text]");
      if (t) t.textContent = text;
    });
  }

  // refresh reads the page again and puts its new content in place of the old, then reads it once
  // more if the season moved on meanwhile.
  function refresh() {
    busy = true;
    fetch(location.pathname + location.search, { credentials: "same-origin", headers: { Accept: "text/html" }, cache: "no-cache" })
      .then((res) => {
        if (!res.ok || res.redirected) throw new Error("HTTP " + res.status);
        return res.text();
      })
      .then((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const fresh = doc.querySelector("[data-live=season]");
        if (!fresh) return;
        const y = window.scrollY;
        root.innerHTML = fresh.innerHTML;
        version = fresh.dataset.version || version;
        root.dataset.version = version;
        if (doc.title) document.title = doc.title;
        if (Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
        const now = new Date();
        const time = String(now.getHours()).padStart(2, "0") + ":" + String(now.getMinutes()).padStart(2, "0");
        indicator("live", words("updated").replace("{time}", time));
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
        if (latest !== version && !closed) setTimeout(refresh, 1000);
      });
  }

  // open listens to the stream, saying the state shown; a stream refused (the server restarting) is
  // opened again later, longer and longer.
  function open() {
    source = new EventSource(url + (url.includes("?") ? "&" : "?") + "last_event_id=" + encodeURIComponent(version));
    indicator("connecting", words("connecting"));
    source.addEventListener("open", () => {
      wait = 2000;
      indicator("live", words("live"));
    });
    source.addEventListener("update", (ev) => {
      latest = ev.lastEventId || latest;
      if (latest !== version && !busy) refresh();
    });
    source.addEventListener("deleted", () => {
      closed = true;
      source.close();
      indicator("off", words("deleted"));
      const note = document.createElement("p");
      note.className = "note warn live-notice";
      note.setAttribute("role", "alert");
      note.textContent = words("gone");
      root.insertBefore(note, root.firstChild);
    });
    source.addEventListener("error", () => {
      if (closed) return;
      indicator("reconnecting", words("reconnecting"));
      if (source.readyState === EventSource.CLOSED) {
        setTimeout(open, wait);
        wait = Math.min(wait * 2, 30000);
      }
    });
  }

  open();
  window.addEventListener("pagehide", () => {
    closed = true;
    if (source) source.close();
  });
})();
