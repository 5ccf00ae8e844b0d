// Race Director — the stage screen's bib grid: every bib still racing, by team colour. Tapping a bib (or
// Enter/Space on it) adds it to the entry last used — a finish group, a sprint, a climb, an abandonment —
// as if typed there: race.js then shows the riders and asks the server for the finish preview. The grid
// is one stop of the tab order; the arrow keys, Home and End move within it. Without this file the grid
// stays hidden and bibs are typed.
"use strict";
(function () {
  var targetID = "";

  function grid() { return document.querySelector("[data-bib-grid]"); }

  function keys() { return Array.prototype.slice.call(document.querySelectorAll("[data-bib-grid] [data-add-bib]")); }

  // entryName is the words naming an entry: its sprint or climb, its finish group and field, its form.
  function entryName(input) {
    var parts = [];
    var group = input.closest("fieldset");
    var box = input.closest(".entry, .adv-form, section");
    var head = group ? group.querySelector("legend") : box && box.querySelector("h3, h2");
    if (head) { parts.push(head.textContent.trim()); }
    var label = document.querySelector("label[for='" + input.id + "']");
    if (label && (group || !head)) { parts.push(label.textContent.trim()); }
    return parts.join(" · ");
  }

  function target() {
    var t = targetID && document.getElementById(targetID);
    if (t && t.matches("input[data-bibs]") && !t.disabled) { return t; }
    return null;
  }

  // aim makes input the entry the grid adds to, and says so above the grid.
  function aim(input) {
    var old = target();
    if (old) { old.classList.remove("grid-target"); }
    targetID = input ? input.id : "";
    var g = grid();
    if (!g) { return; }
    var said = g.querySelector("[data-grid-target]");
    if (input) {
      input.classList.add("grid-target");
      if (said) { said.textContent = (g.getAttribute("data-target-word") || "#").replace("#", entryName(input)); }
    } else if (said) {
      said.textContent = g.getAttribute("data-none-word") || "";
    }
  }

  // add puts bib at the end of the entry aimed at (in place of its bib in a one-bib entry) and tells
  // the page it was typed.
  function add(bib) {
    var input = target();
    if (!input) { return; }
    var typed = input.value.replace(/[\s,;.\/+\-]+$/, "");
    input.value = input.getAttribute("data-bibs") === "single" || typed === "" ? bib : typed + " " + bib;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // rove leaves one key of the grid in the tab order: the one given, or the first.
  function rove(key) {
    var all = keys();
    all.forEach(function (k) { k.tabIndex = -1; });
    var on = key || all[0];
    if (on) { on.tabIndex = 0; }
    return on;
  }

  function onKey(ev) {
    var all = keys();
    var i = all.indexOf(ev.target);
    if (i < 0) { return; }
    var next = -1;
    switch (ev.key) {
      case "ArrowRight": case "ArrowDown": next = Math.min(i + 1, all.length - 1); break;
      case "ArrowLeft": case "ArrowUp": next = Math.max(i - 1, 0); break;
      case "Home": next = 0; break;
      case "End": next = all.length - 1; break;
      default: return;
    }
    ev.preventDefault();
    rove(all[next]).focus();
  }

  // dress shows the grid and aims it at the entry the page focuses first; live.js calls it again (by
  // its event) when it puts a new screen in place.
  function dress() {
    var g = grid();
    if (!g) { return; }
    g.hidden = false;
    rove(null);
    var t = target() || document.querySelector("input[data-bibs][autofocus]") || document.querySelector("input[data-bibs]");
    aim(t);
  }

  function start() {
    dress();
    document.addEventListener("racedirector:replaced", dress);
    document.addEventListener("focusin", function (ev) {
      if (ev.target.matches && ev.target.matches("input[data-bibs]")) { aim(ev.target); }
    });
    document.addEventListener("click", function (ev) {
      var key = ev.target.closest && ev.target.closest("[data-bib-grid] [data-add-bib]");
      if (!key) { return; }
      rove(key);
      add(key.getAttribute("data-add-bib"));
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.target.closest && ev.target.closest("[data-bib-grid]")) { onKey(ev); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
