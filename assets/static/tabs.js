// Race Director — the follow page's tabs: its sections (stage, results, classifications, Cycling
// Party) shown one at a time, the choice kept in the address (#results) and for the tour in this
// browser tab, and again after live.js puts new parts in place. Without this file every section is
// shown, the tab bar jumping between them.
"use strict";
(function () {
  // tabs turns the follow page's sections into tabs: one shown at a time, the choice kept in the
  // address (#results) and for the tour in this browser tab.
  function tabs(root) {
    var code = (root.getAttribute("data-page") || "").split("/").pop();
    var nav = root.querySelector(".follow-tabs");
    if (!nav) { return; }
    var links = Array.prototype.slice.call(nav.querySelectorAll("[data-tab]"));
    var ids = links.map(function (a) { return a.getAttribute("data-tab"); });
    var key = "follow-tab:" + code;
    var chosen = ids[0];
    function panelOf(hash) {
      var id = decodeURIComponent((hash || "").replace(/^#/, ""));
      if (!id) { return ""; }
      if (ids.indexOf(id) >= 0) { return id; }
      var el = document.getElementById(id);
      var panel = el && el.closest("[data-part]");
      return panel && ids.indexOf(panel.id) >= 0 ? panel.id : "";
    }
    function apply() {
      links.forEach(function (a) {
        var id = a.getAttribute("data-tab");
        var on = id === chosen;
        a.setAttribute("role", "tab");
        a.id = "tab-" + id;
        a.setAttribute("aria-controls", id);
        a.setAttribute("aria-selected", on ? "true" : "false");
        a.tabIndex = on ? 0 : -1;
        var panel = document.getElementById(id);
        if (panel) {
          panel.setAttribute("role", "tabpanel");
          panel.setAttribute("aria-labelledby", "tab-" + id);
          panel.hidden = !on;
        }
      });
    }
    function choose(id, focus) {
      chosen = id;
      apply();
      try { window.sessionStorage.setItem(key, id); } catch (e) { /* private mode: the address keeps it */ }
      if (window.history.replaceState) { window.history.replaceState(null, "", "#" + id); }
      var top = nav.getBoundingClientRect().top;
      if (top < 0) { window.scrollBy(0, top); }
      if (focus) { document.getElementById("tab-" + id).focus(); }
    }
    nav.setAttribute("role", "tablist");
    nav.classList.add("is-tabs");
    links.forEach(function (a, i) {
      a.addEventListener("click", function (ev) {
        ev.preventDefault();
        choose(a.getAttribute("data-tab"), false);
      });
      a.addEventListener("keydown", function (ev) {
        var step = { ArrowRight: 1, ArrowLeft: -1 }[ev.key];
        if (!step) { return; }
        ev.preventDefault();
        choose(ids[(i + step + ids.length) % ids.length], true);
      });
    });
    window.addEventListener("hashchange", function () {
      var id = panelOf(location.hash);
      if (id && id !== chosen) {
        chosen = id;
        apply();
        var el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
        if (el && el.id !== id) { el.scrollIntoView(); }
      }
    });
    var saved = "";
    try { saved = window.sessionStorage.getItem(key) || ""; } catch (e) { saved = ""; }
    var first = root.getAttribute("data-first-tab"); // the classifications once the tour is over
    chosen = panelOf(location.hash) || (ids.indexOf(saved) >= 0 ? saved : (ids.indexOf(first) >= 0 ? first : ids[0]));
    apply();
    // The live page puts new parts in place: they become panels of the chosen tab again.
    document.addEventListener("racedirector:replaced", apply);
  }

  function start() {
    var root = document.querySelector("[data-live=follow]");
    if (root) { tabs(root); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
