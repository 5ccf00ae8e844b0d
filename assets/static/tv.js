// The room's TV (/follow/{code}/tv): shows one view at a time and turns them every ten seconds. It
// listens to the tour's event stream; after each change it fetches the page again (the server keeps
// it per tour version) and jumps to what changed — a sprint or climb card, the stage's top ten after
// a finish, the stage-result card after End stage — for twenty seconds, then turns on. Once the last
// stage is closed nothing is live any more: the LIVE badge goes.
(() => {
  "use strict";
  const turn = 10000; // ms a view stays
  const hold = 20000; // ms a view of what just changed stays
  const retryAfter = 30000; // ms before a refused event stream is opened again
  let root = document.querySelector(".tv");
  if (!root) return;
  let shown = root.dataset.version;
  let timer = 0;
  let due = null; // the current turn: when it started and how long it lasts
  let live = "off";

  const all = (sel) => Array.from(root.querySelectorAll(sel));
  const rotation = () => all(".tv-view[data-rotate]");
  const current = () => all(".tv-view").find((v) => !v.hidden);
  const has = (id) => !!id && root.querySelector('.tv-view[data-view="' + CSS.escape(id) + '"]') !== null;

  // hashView is the view the address names after its #, or "".
  function hashView() {
    try {
      return decodeURIComponent(location.hash.slice(1));
    } catch (err) {
      return "";
    }
  }

  // fitSteps are how far a line's text may shrink to fit its box, step by step.
  const fitSteps = [0.9, 0.8, 0.7, 0.6];

  // cut says whether an element's text does not fit its box (wider, or more lines than it shows).
  const cut = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;

  // fitText shrinks, step by step, the text of each line of the shown screen that does not fit its box
  // (a long name, a long word in a language), so that no word on the TV is cut off.
  function fitText(scope) {
    if (!scope) return;
    Array.from(scope.querySelectorAll("p, h1, span, td, li")).forEach((el) => {
      if (el.closest("svg") || el.classList.contains("sr-only") || el.offsetParent === null) return;
      const cs = getComputedStyle(el);
      if (cs.overflowX === "visible" && cs.overflowY === "visible") return;
      el.style.removeProperty("font-size");
      if (!cut(el)) return;
      const size = parseFloat(getComputedStyle(el).fontSize);
      for (const step of fitSteps) {
        el.style.fontSize = size * step + "px";
        if (!cut(el)) break;
      }
    });
  }

  // display puts the view on the screen, alone, marked as just in when fresh.
  function display(target, fresh) {
    all(".tv-view").forEach((v) => {
      v.hidden = v !== target;
      if (v !== target || !fresh) delete v.dataset.fresh;
    });
    if (fresh) target.dataset.fresh = "";
    fitText(root.querySelector(".tv-head"));
    fitText(root.querySelector(".tv-foot"));
    fitText(target);
    all(".tv-dots li").forEach((d) => {
      if (d.dataset.dot === target.dataset.view) d.setAttribute("aria-current", "true");
      else d.removeAttribute("aria-current");
    });
  }

  // show puts a view on the screen (the first of the turn when it is not there) for a turn, or for a
  // hold when it shows what just changed.
  function show(id, fresh) {
    const target = all(".tv-view").find((v) => v.dataset.view === id) || rotation()[0];
    if (!target) return;
    display(target, fresh);
    restartTimer(fresh ? hold : turn);
  }

  // stay keeps a view on the screen after the page was fetched again, in the same turn: changes that
  // show nothing new must not hold the turn back.
  function stay(id, fresh) {
    display(root.querySelector('.tv-view[data-view="' + CSS.escape(id) + '"]'), fresh);
    drawTimer();
  }

  // next shows the view after the current one in the turn.
  function next(step) {
    const turnViews = rotation();
    if (turnViews.length === 0) return restartTimer(turn);
    const i = turnViews.indexOf(current());
    const n = turnViews.length;
    const to = i < 0 ? 0 : (i + step + n) % n;
    show(turnViews[to].dataset.view, false);
  }

  // restartTimer turns to the next view after ms, and runs the bar at the bottom.
  function restartTimer(ms) {
    clearTimeout(timer);
    timer = setTimeout(() => next(1), ms);
    due = { start: Date.now(), length: ms };
    drawTimer();
  }

  // drawTimer runs the bar at the bottom from the time already gone of the current turn (a page
  // fetched again keeps its turn); it stays empty when there is nothing to turn to.
  function drawTimer() {
    const bar = root.querySelector(".tv-timer");
    if (!bar) return;
    const fill = document.createElement("i");
    bar.replaceChildren(fill);
    if (!due || (rotation().length < 2 && due.length !== hold) || !fill.animate) return;
    const run = fill.animate([{ width: "0%" }, { width: "100%" }], { duration: due.length, fill: "forwards" });
    run.currentTime = Math.min(Date.now() - due.start, due.length);
  }

  // setLive shows whether the screen hears the tour's changes (not at all once the tour is over).
  function setLive(state) {
    live = state;
    const pill = root.querySelector(".tv-live");
    if (!pill) return;
    pill.hidden = root.hasAttribute("data-over");
    pill.dataset.live = state;
    const text = pill.querySelector("[data-live-text]");
    if (text) text.textContent = root.getAttribute("data-words-" + state) || "";
  }

  // changedCard is the card of stage's kind ("sprint", "climb") whose result differs from before, or
  // the last such card.
  function changedCard(kind, stage, before) {
    const cards = all('.tv-view[data-card="' + kind + '"][data-stage="' + stage + '"]');
    const changed = cards.find((c) => before[c.dataset.view] !== c.dataset.mark);
    const card = changed || cards[cards.length - 1];
    return card ? card.dataset.view : null;
  }

  // targetFor is the view that shows a change, or null for a change that moves nothing on screen.
  function targetFor(change, before) {
    switch (change.kind) {
      case "sprint":
      case "climb":
        return changedCard(change.kind, change.stage, before);
      case "abandon":
        return changedCard("abandons", change.stage, before);
      case "finish":
        return "stage";
      case "close": {
        const card = root.querySelector('.tv-view[data-card="moment"][data-stage="' + change.stage + '"]');
        if (card) return card.dataset.view;
        return root.querySelector('[data-view="final"]') ? "final" : "gc";
      }
      default:
        return null;
    }
  }

  // jumpKinds are the changes worth a jump; a later one waiting wins over a change that is not.
  const jumpKinds = ["sprint", "climb", "abandon", "finish", "close"];
  let busy = false;
  let waiting = null;

  // refresh fetches the page at the tour's new version, puts it in place and shows what changed.
  async function refresh(change) {
    if (busy) {
      if (!waiting || jumpKinds.includes(change.kind) || !jumpKinds.includes(waiting.kind)) waiting = change;
      return;
    }
    busy = true;
    try {
      const res = await fetch(location.pathname + location.search, { credentials: "same-origin", headers: { Accept: "text/html" } });
      if (res.ok) swap(await res.text(), change);
    } catch (err) {
      // The network dropped: the event stream reconnects and tells the version again.
    } finally {
      busy = false;
      if (waiting) {
        const w = waiting;
        waiting = null;
        refresh(w);
      }
    }
  }

  // swap replaces the screen with the fetched page's and shows the view of the change (or stays).
  function swap(html, change) {
    const doc = new DOMParser().parseFromString(html, "text/html");
    const fresh = doc.querySelector(".tv");
    if (!fresh) return;
    const before = {};
    all(".tv-view[data-card]").forEach((c) => { before[c.dataset.view] = c.dataset.mark; });
    const was = current();
    const wasID = was ? was.dataset.view : "";
    root.replaceWith(fresh);
    root = fresh;
    shown = root.dataset.version;
    setLive(live);
    const target = targetFor(change, before);
    if (has(target)) show(target, true);
    else if (has(wasID)) stay(wasID, was.hasAttribute("data-fresh"));
    else show("", false);
  }

  // listen opens the tour's event stream; the browser reconnects it by itself, resuming after the last
  // version seen.
  function listen() {
    if (!window.EventSource) return;
    const es = new EventSource(root.dataset.events);
    es.addEventListener("open", () => setLive("on"));
    es.addEventListener("error", () => {
      if (es.readyState !== EventSource.CLOSED) return setLive("lost"); // the browser reconnects
      setLive("off"); // refused for good (the server restarting, say): try again a little later
      setTimeout(listen, retryAfter);
    });
    es.addEventListener("update", (e) => {
      setLive("on");
      if (e.lastEventId === shown) return; // the version on the screen
      let change = {};
      try { change = JSON.parse(e.data); } catch (err) { change = {}; }
      refresh(change);
    });
    es.addEventListener("deleted", () => {
      es.close();
      clearTimeout(timer);
      due = null;
      setLive("off");
      display(root.querySelector('.tv-view[data-view="gone"]'), false);
      drawTimer();
    });
  }

  // Keys for a director with a remote or a keyboard: arrows turn the views, F goes full screen.
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight" || e.key === " ") next(1);
    else if (e.key === "ArrowLeft") next(-1);
    else if (e.key === "f" || e.key === "F") fullScreen();
  });
  document.addEventListener("dblclick", fullScreen);

  // fullScreen toggles the browser's full screen.
  function fullScreen() {
    const d = document;
    if (d.fullscreenElement) d.exitFullscreen().catch(() => {});
    else if (d.documentElement.requestFullscreen) d.documentElement.requestFullscreen().catch(() => {});
  }

  // keepAwake asks the screen not to sleep while the TV shows the race (where the browser allows it).
  async function keepAwake() {
    try {
      if (navigator.wakeLock && document.visibilityState === "visible") await navigator.wakeLock.request("screen");
    } catch (err) {
      // Not allowed here (an insecure address, a saving mode): the screen's own settings decide.
    }
  }
  document.addEventListener("visibilitychange", keepAwake);

  setLive("wait");
  // The address may name the view to open on (/follow/CODE/tv#gc); else the final podium when the
  // tour is over, else the page's own first view.
  const asked = hashView();
  const first = current();
  show(has(asked) ? asked : has("final") ? "final" : first ? first.dataset.view : "", false);
  window.addEventListener("hashchange", () => {
    const id = hashView();
    if (has(id)) show(id, false);
  });
  listen();
  keepAwake();
})();
