// Race Director — live pages. The follow page and the stage screen listen to the tour's event stream
// (GET /api/v1/follow/{code}/events) and put what changed in place without a reload, keeping the
// reader's scroll position and open lists (tabs.js keeps the chosen tab: each new part is announced
// with a "racedirector:replaced" event). Every page works without this file: the follow page then
// refreshes itself every 30 s.
"use strict";
(function () {
  // Changes that only add to the stage's results: the follow page fetches its stage and results alone.
  var ENTRY_KINDS = { sprint: 1, climb: 1, finish: 1, abandon: 1, advantage: 1, fatigue: 1, lost_turn: 1, weather: 1, combativity: 1 };

  // words is the page's word for name (the data-words-NAME the page renders in its language, on a
  // hidden element), "" when the page gives none.
  function words(name) {
    var el = document.querySelector("[data-words-live]");
    return (el && el.getAttribute("data-words-" + name)) || "";
  }

  // withLang keeps the page's ?lang on an address the page fetches: its parts come in its language.
  function withLang(url) {
    var lang = new URLSearchParams(location.search).get("lang");
    if (!lang) { return url; }
    return url + (url.indexOf("?") < 0 ? "?" : "&") + "lang=" + encodeURIComponent(lang);
  }

  // indicator shows the stream's state in the page's [data-live-state] ("live", "reconnecting", …);
  // once the tour is over (the follow page's data-over) nothing is live any more and it stays hidden.
  function indicator(state, text) {
    var over = document.querySelector("[data-live=follow][data-over]") !== null;
    document.querySelectorAll("[data-live-state]").forEach(function (el) {
      el.hidden = over;
      el.setAttribute("data-live-state", state);
      var t = el.querySelector("[data-live-text]");
      if (t) { t.textContent = text; }
    });
  }

  // A tour's version is a large whole number (beyond what a JavaScript number holds exactly): versions
  // are kept as the decimal text of the events' ids and the pages' data-version, and compared as such.

  // cmp compares two versions: -1, 0 or 1.
  function cmp(a, b) {
    a = String(a).replace(/^0+(?=\d)/, "");
    b = String(b).replace(/^0+(?=\d)/, "");
    if (a.length !== b.length) { return a.length < b.length ? -1 : 1; }
    return a < b ? -1 : (a > b ? 1 : 0);
  }

  // plusOne is the version after v.
  function plusOne(v) {
    var d = String(v).split("");
    var i = d.length - 1;
    while (i >= 0 && d[i] === "9") { d[i] = "0"; i--; }
    if (i < 0) { d.unshift("1"); } else { d[i] = String(Number(d[i]) + 1); }
    return d.join("");
  }

  // clock is the time of day as hours and minutes.
  function clock() {
    var d = new Date();
    return String(d.getHours()).padStart(2, "0") + ":" + String(d.getMinutes()).padStart(2, "0");
  }

  // listen follows the tour's event stream: on.update(change, version) for every "update" event (the
  // version as text: the event's id), on.deleted()
  // when the tour is deleted. The browser reconnects a dropped stream by itself, saying the last
  // version seen (Last-Event-ID); a stream refused (the server restarting) is opened again later.
  function listen(url, version, on) {
    if (!window.EventSource) {
      indicator("off", words("off"));
      window.setInterval(function () { on.update({}, plusOne(version())); }, 30000);
      return { close: function () {} };
    }
    var source = null;
    var wait = 2000;
    var timer = 0;
    var closed = false;
    function open() {
      var sep = url.indexOf("?") < 0 ? "?" : "&";
      source = new EventSource(url + sep + "last_event_id=" + encodeURIComponent(version()));
      indicator("connecting", words("connecting"));
      source.addEventListener("open", function () {
        wait = 2000;
        indicator("live", words("live"));
      });
      source.addEventListener("update", function (ev) {
        var change;
        try { change = JSON.parse(ev.data); } catch (e) { return; }
        on.update(change, ev.lastEventId || String(change.version));
      });
      source.addEventListener("deleted", function () {
        closed = true;
        source.close();
        indicator("off", words("deleted"));
        on.deleted();
      });
      source.addEventListener("error", function () {
        if (closed) { return; }
        if (source.readyState === EventSource.CLOSED) {
          indicator("reconnecting", words("reconnecting"));
          window.clearTimeout(timer);
          timer = window.setTimeout(open, wait);
          wait = Math.min(wait * 2, 30000);
        } else {
          indicator("reconnecting", words("reconnecting"));
        }
      });
    }
    open();
    return {
      close: function () {
        closed = true;
        window.clearTimeout(timer);
        if (source) { source.close(); }
      }
    };
  }

  // fetchPage reads a page of the app as a document; it fails for an answer that is not the page
  // asked (an error, a redirect to another page).
  function fetchPage(url) {
    return window.fetch(url, { credentials: "same-origin", headers: { "Accept": "text/html" } }).then(function (res) {
      if (!res.ok || res.redirected) { throw new Error("HTTP " + res.status + " for " + url); }
      return res.text();
    }).then(function (html) {
      return new window.DOMParser().parseFromString(html, "text/html");
    });
  }

  // keyed maps each [data-key] element of a part to its text, to see what a new part changed.
  function keyed(part) {
    var out = {};
    part.querySelectorAll("[data-key]").forEach(function (el) { out[el.getAttribute("data-key")] = el.textContent; });
    return out;
  }

  // swapPart puts a new part in place of the old one, keeps its open lists open and its sideways
  // scrolled boxes where they were, and marks what changed for a moment.
  function swapPart(old, part) {
    var before = keyed(old);
    var kept = {};
    old.querySelectorAll("[data-keep]").forEach(function (el) {
      kept[el.getAttribute("data-keep")] = { open: el.open, left: el.scrollLeft };
    });
    var fresh = document.importNode(part, true);
    old.replaceWith(fresh);
    fresh.querySelectorAll("[data-keep]").forEach(function (el) {
      var k = kept[el.getAttribute("data-keep")];
      if (!k) { return; }
      if (el.tagName === "DETAILS") { el.open = k.open; }
      if (k.left) { el.scrollLeft = k.left; }
    });
    fresh.querySelectorAll("[data-key]").forEach(function (el) {
      if (before[el.getAttribute("data-key")] === el.textContent) { return; }
      el.classList.add("live-fresh");
      window.setTimeout(function () { el.classList.remove("live-fresh"); }, 4000);
    });
    return fresh;
  }

  // followPage keeps the follow page up to date: after an entry of the stage shown it fetches the
  // stage and its results; after anything else (a stage ended, an undo, missed versions) all parts.
  function followPage(root) {
    var version = root.getAttribute("data-version") || "0";
    var stage = Number(root.getAttribute("data-stage")) || 0;
    var page = root.getAttribute("data-page");
    // closedOnly: the page (the story) changes only when a stage is closed or reopened, not with the
    // open stage's entries.
    var closedOnly = root.hasAttribute("data-closed-only");
    var busy = false;
    var latest = version;
    var again = false;

    // refresh puts the parts named (all with null) in place, as the server has them now; target is the
    // version of the change that asked for it. Parts made after a later change (which may have been a
    // stage ending) or changes told meanwhile bring the whole page after them.
    function refresh(parts, target) {
      busy = true;
      var urls = (parts ? parts.map(function (p) { return page + "/part/" + p; }) : [page]).map(withLang);
      Promise.all(urls.map(fetchPage)).then(function (docs) {
        var y = window.scrollY;
        var least = null;
        docs.forEach(function (doc) {
          doc.querySelectorAll("[data-part]").forEach(function (part) {
            var old = root.querySelector('[data-part="' + part.getAttribute("data-part") + '"]');
            if (!old) { return; }
            swapPart(old, part);
            var v = part.getAttribute("data-version") || "0";
            if (least === null || cmp(v, least) < 0) { least = v; }
          });
          var fresh = doc.querySelector("[data-live=follow]");
          if (fresh) {
            stage = Number(fresh.getAttribute("data-stage")) || stage;
            if (fresh.hasAttribute("data-over")) { root.setAttribute("data-over", ""); } else { root.removeAttribute("data-over"); }
            if (doc.title) { document.title = doc.title; }
          }
        });
        if (least !== null && cmp(least, version) > 0) { version = least; }
        document.dispatchEvent(new window.CustomEvent("racedirector:replaced"));
        if (Math.abs(window.scrollY - y) > 1) { window.scrollTo(0, y); }
        indicator("live", words("updated").replace("{time}", clock()));
        return parts && least !== null && cmp(least, target) > 0 ? "later" : "done";
      }).catch(function () {
        return "failed";
      }).then(function (how) {
        busy = false;
        if (how === "failed") { // the server did not answer: the whole page again in a while
          window.setTimeout(function () { if (!busy && cmp(latest, version) > 0) { refresh(null, latest); } }, 5000);
          return;
        }
        if (how === "later" || again || cmp(latest, version) > 0) {
          again = false;
          refresh(null, latest);
        }
      });
    }

    var stream = listen(root.getAttribute("data-events"), function () { return version; }, {
      update: function (ch, v) {
        if (cmp(v, latest) > 0) { latest = v; }
        if (cmp(v, version) <= 0) { return; }
        if (closedOnly && ENTRY_KINDS[ch.kind]) { return; }
        if (busy) {
          again = true;
          return;
        }
        var small = v === plusOne(version) && ENTRY_KINDS[ch.kind] && ch.stage === stage;
        refresh(small ? ["stage", "results"] : null, v);
      },
      deleted: function () {
        var note = document.createElement("p");
        note.className = "note warn live-notice";
        note.setAttribute("role", "alert");
        note.textContent = words("gone");
        root.insertBefore(note, root.firstChild);
      }
    });
    window.addEventListener("pagehide", function () { stream.close(); });
  }

  // unsaved says whether the director has typed or chosen something not yet saved, or a refused
  // form is on screen with his typing.
  function unsaved(scope) {
    if (scope.querySelector("[aria-invalid=true], .field-error, .form-error, .missing")) { return true; }
    return Array.prototype.some.call(scope.querySelectorAll("input, textarea, select"), function (f) {
      var type = (f.getAttribute("type") || "").toLowerCase();
      if (type === "hidden" || type === "submit" || type === "button") { return false; }
      if (type === "checkbox" || type === "radio") { return f.checked !== f.defaultChecked; }
      if (f.tagName === "SELECT") {
        var def = 0;
        for (var i = 0; i < f.options.length; i++) {
          if (f.options[i].defaultSelected) { def = i; break; }
        }
        return f.selectedIndex !== def;
      }
      return f.value !== f.defaultValue;
    });
  }

  // stageScreen keeps the director's stage screen up to date when another device changes the tour:
  // with nothing typed it reads the screen again and puts it in place (the menus and the stage
  // picker too); with something typed it says so and lets the director reload.
  function stageScreen(marker) {
    var main = document.getElementById("main");
    var version = marker.getAttribute("data-version") || "0";
    var leaving = false;
    var busy = false;
    var latest = version;

    function notice() {
      if (main.querySelector(".live-notice")) { return; }
      var note = document.createElement("div");
      note.className = "note warn live-notice";
      note.setAttribute("role", "status");
      var p = document.createElement("p");
      p.textContent = words("changed") + " ";
      var b = document.createElement("button");
      b.type = "button";
      b.className = "button small";
      b.textContent = words("reload");
      b.addEventListener("click", function () { window.location.reload(); });
      p.appendChild(b);
      note.appendChild(p);
      main.insertBefore(note, main.firstChild);
    }

    function reload() {
      busy = true;
      var focused = document.activeElement && document.activeElement.id;
      fetchPage(location.pathname + location.search).then(function (doc) {
        var fresh = doc.getElementById("main");
        if (!fresh || leaving) { return; }
        if (unsaved(main)) { // typed while the page was read
          notice();
          return;
        }
        var y = window.scrollY;
        [".tour-nav", ".tour-bar"].forEach(function (sel) {
          var old = document.querySelector(sel);
          var neu = doc.querySelector(sel);
          if (old && neu) { old.replaceWith(document.importNode(neu, true)); }
        });
        main.innerHTML = fresh.innerHTML;
        var m = main.querySelector("[data-live=stage]");
        var v = m && m.getAttribute("data-version");
        if (v && cmp(v, version) > 0) { version = v; }
        if (focused && document.getElementById(focused)) { document.getElementById(focused).focus({ preventScroll: true }); }
        if (Math.abs(window.scrollY - y) > 1) { window.scrollTo(0, y); }
        indicator("live", words("updated").replace("{time}", clock()));
        document.dispatchEvent(new window.CustomEvent("racedirector:replaced"));
      }).catch(function () {
        notice();
      }).then(function () {
        busy = false;
        if (cmp(latest, version) > 0 && !leaving && !main.querySelector(".live-notice")) { reload(); }
      });
    }

    var stream = listen(marker.getAttribute("data-events"), function () { return version; }, {
      update: function (ch, v) {
        if (cmp(v, latest) > 0) { latest = v; }
        if (cmp(v, version) <= 0 || leaving || busy) { return; }
        if (unsaved(main)) {
          notice();
          return;
        }
        reload();
      },
      deleted: function () {
        notice();
      }
    });
    // The director's own save leaves the page: what it changed comes with the next page.
    document.addEventListener("submit", function (ev) {
      if (!ev.defaultPrevented) { leaving = true; }
    });
    window.addEventListener("pagehide", function () {
      leaving = true;
      stream.close();
    });
  }

  // momentCards gives each stage-result card (.moment-card) a button that puts it away; a card put
  // away stays away for its stage on this phone (localStorage), a new stage's card comes in its place.
  function momentCards() {
    document.querySelectorAll(".moment-card[data-moment]").forEach(function (card) {
      var key = "racedirector.moment." + card.getAttribute("data-moment");
      var away = false;
      try { away = window.localStorage.getItem(key) === "away"; } catch (e) { away = false; }
      card.hidden = away;
      if (away || card.querySelector(".moment-close")) { return; }
      var b = document.createElement("button");
      b.type = "button";
      b.className = "moment-close";
      b.setAttribute("aria-label", card.getAttribute("data-dismiss-words") || "");
      b.textContent = "×";
      b.addEventListener("click", function () {
        try { window.localStorage.setItem(key, "away"); } catch (e) { /* private mode: away until the page is read again */ }
        card.hidden = true;
      });
      card.insertBefore(b, card.firstChild);
    });
  }

  function start() {
    momentCards();
    document.addEventListener("racedirector:replaced", momentCards);
    var follow = document.querySelector("[data-live=follow]");
    if (follow) { followPage(follow); }
    var stage = document.querySelector("[data-live=stage]");
    if (stage) { stageScreen(stage); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
