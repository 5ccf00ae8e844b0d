// Race Director — fast entry at the table (stage screen, advantages, volata).
// Every page works without this file: it only shows riders as bibs are typed, flags bad bibs before
// a form is sent, shows the finish times the server previews as they are typed and adds finish groups.
"use strict";
(function () {
  var SVG = "http://www.w3.org/2000/svg";
  var riders = {};
  var words = {};

  function loadRiders() {
    var el = document.getElementById("riders-data");
    var w = document.getElementById("race-words");
    words = (w && w.dataset) || {};
    if (!el) { return; }
    try {
      var data = JSON.parse(el.textContent);
      (data.riders || []).forEach(function (r) { riders[r.bib] = r; });
    } catch (e) { riders = {}; }
  }

  // word is one of the page's words (data-* of #race-words), "#" replaced by n.
  function word(name, n) {
    var w = words[name] || "";
    return n === undefined ? w : w.replace("#", String(n));
  }

  // tokens cuts typed bibs where the server's reading does (handlers/standing ParseBibs' separators).
  function tokens(text) {
    return text.split(/[ \t\r\n,.;\/+\-]+/).filter(function (t) { return t !== ""; });
  }

  // problem says why a bib cannot be entered in a field of this mode, or "": the server's answer for
  // each rider (how he left the race, the entries he is barred from), only put in words here.
  function problem(tok, mode, seen) {
    if (!/^\d+$/.test(tok) || Number(tok) < 1) { return word("notBib"); }
    var r = riders[Number(tok)];
    if (!r) { return word("noSuch"); }
    if (mode === "any") { return ""; }
    if (r.out) { return word(r.out, r.gone); }
    if ((r.barred || []).indexOf(mode) >= 0) { return word("here"); }
    if (seen[tok]) { return word("twice"); }
    return "";
  }

  function swatch(color) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "swatch");
    svg.setAttribute("width", "14");
    svg.setAttribute("height", "14");
    svg.setAttribute("viewBox", "0 0 14 14");
    svg.setAttribute("aria-hidden", "true");
    var rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("width", "14");
    rect.setAttribute("height", "14");
    rect.setAttribute("rx", "3");
    rect.setAttribute("fill", /^#[0-9a-fA-F]{6}$/.test(color || "") ? color : "#999999");
    rect.setAttribute("stroke", "#0003");
    svg.appendChild(rect);
    return svg;
  }

  // showBibs redraws one entry's preview; it answers the number of problems found.
  function showBibs(input, seen) {
    var mode = input.getAttribute("data-bibs");
    var list = document.getElementById(input.id + "-preview");
    var toks = tokens(input.value);
    var bad = 0;
    if (mode === "single" && toks.length > 1) { bad++; }
    // A finish group's riders are numbered from its first rider's place, the server's answer (the
    // preview's "first"): the 13th rider of the stage is 13, not the 1st of group 2.
    var first = Number(input.getAttribute("data-first")) || 0;
    if (list) {
      list.textContent = "";
      list.classList.toggle("numbered", first > 0);
      toks.forEach(function (tok, i) {
        var p = problem(tok, mode, seen);
        seen[tok] = true;
        var r = riders[Number(tok)];
        var li = document.createElement("li");
        if (p) { li.className = "bad"; bad++; }
        if (first > 0) {
          var pos = document.createElement("span");
          pos.className = "pos";
          pos.textContent = (first + i) + ".";
          li.appendChild(pos);
        }
        li.appendChild(swatch(r && r.color));
        var b = document.createElement("b");
        b.textContent = tok;
        li.appendChild(b);
        if (r) { li.appendChild(document.createTextNode(" " + r.name + " ")); }
        if (p) {
          var em = document.createElement("em");
          em.textContent = " " + p;
          li.appendChild(em);
        }
        list.appendChild(li);
      });
      if (mode === "single" && toks.length > 1) {
        var li2 = document.createElement("li");
        li2.className = "bad";
        li2.textContent = word("one");
        list.appendChild(li2);
      }
    } else {
      toks.forEach(function (tok) { if (problem(tok, mode, seen)) { bad++; } seen[tok] = true; });
    }
    if (bad) { input.setAttribute("aria-invalid", "true"); } else if (!input.hasAttribute("data-server-error")) { input.removeAttribute("aria-invalid"); }
    return bad;
  }

  // refreshForm redraws every entry of a form (bibs in one finish are checked together).
  function refreshForm(form) {
    if (!form) { return 0; }
    var seen = {};
    var bad = 0;
    form.querySelectorAll("input[data-bibs]").forEach(function (input) {
      if (input.getAttribute("data-bibs") !== "finish") { seen = {}; }
      bad += showBibs(input, seen);
    });
    return bad;
  }

  // previewWait is how long the finish form waits after a key before asking for its times (ms).
  var previewWait = 150;

  // finishTimes asks the server what each finish group's time is as typed (GET data-preview with the
  // form's own g_* fields), once the director pauses: the server answers every time, gap and word,
  // and no rule is computed here. Only the latest question's answer is shown; an answer that fails
  // (or a question given up) shows "–".
  function finishTimes(form) {
    var url = form.getAttribute("data-preview");
    if (!url || !window.fetch || !window.RaceDirector || !window.RaceDirector.askLatest) { return; }
    var st = form.racePreview || (form.racePreview = {});
    window.RaceDirector.askLatest(st, previewWait, url, function () {
      var q = new URLSearchParams();
      new FormData(form).forEach(function (v, k) { if (k.indexOf("g_") === 0) { q.append(k, v); } });
      var lang = new URLSearchParams(location.search).get("lang");
      if (lang) { q.append("lang", lang); } // the page's ?lang: the words come in its language
      return q;
    }, function (answer) {
      showTimes(form, answer && answer.groups ? answer.groups : []);
      showOrder(form, answer && answer.out_of_order ? answer.out_of_order : []);
    });
  }

  // showOrder shows the server's warning of groups typed out of their times' order (the engine's
  // answer, race.OrderFinish) and takes back a confirmation given to other groups.
  function showOrder(form, list) {
    var box = form.querySelector("[data-order-warning]");
    if (!box) { return; }
    var text = list.map(function (o) { return o.text; }).join(" ");
    if (box.getAttribute("data-said") !== text) {
      var confirm = box.querySelector("input[name=confirm_order]");
      if (confirm) { confirm.checked = false; }
      box.setAttribute("data-said", text);
    }
    var lines = box.querySelector("[data-order-lines]");
    if (lines && lines.textContent.trim() !== text) { lines.textContent = text; }
    box.hidden = list.length === 0;
  }


  // showTimes puts the server's preview of each group row beside it ("–" for none).
  function showTimes(form, groups) {
    var moved = false;
    form.querySelectorAll("[data-group]").forEach(function (g, i) {
      var out = g.querySelector("[data-part=time]");
      if (out) { out.textContent = (groups[i] && groups[i].text) || "–"; }
      var input = g.querySelector("input[data-bibs]");
      var first = String((groups[i] && groups[i].first) || "");
      if (input && (input.getAttribute("data-first") || "") !== first) {
        if (first) { input.setAttribute("data-first", first); } else { input.removeAttribute("data-first"); }
        moved = true;
      }
    });
    if (moved) { refreshForm(form); }
  }

  // addGroup appends an empty finish group, numbered after the last one.
  function addGroup(form) {
    var groups = form.querySelectorAll("[data-group]");
    var last = groups[groups.length - 1];
    if (!last) { return; }
    var n = groups.length + 1;
    var g = last.cloneNode(true);
    g.classList.remove("invalid");
    g.querySelector("legend").textContent = (form.getAttribute("data-group-word") || "#").replace("#", String(n));
    g.querySelectorAll(".field-error").forEach(function (e) { e.remove(); });
    g.querySelectorAll(".invalid").forEach(function (e) { e.classList.remove("invalid"); });
    g.querySelectorAll("[id]").forEach(function (e) { e.id = e.id.replace(/^g\d+-/, "g" + n + "-"); });
    g.querySelectorAll("[for]").forEach(function (e) { e.setAttribute("for", e.getAttribute("for").replace(/^g\d+-/, "g" + n + "-")); });
    g.querySelectorAll("[aria-labelledby]").forEach(function (e) { e.setAttribute("aria-labelledby", e.getAttribute("aria-labelledby").replace(/^g\d+-/, "g" + n + "-")); });
    g.querySelectorAll("input").forEach(function (e) {
      e.value = "";
      e.removeAttribute("aria-invalid");
      e.removeAttribute("autofocus");
      e.removeAttribute("data-server-error");
      e.removeAttribute("data-first");
      if (e.hasAttribute("data-bibs")) { e.setAttribute("aria-describedby", e.id + "-preview"); }
    });
    g.querySelectorAll(".bib-preview").forEach(function (e) { e.textContent = ""; });
    g.querySelectorAll("[data-part=time]").forEach(function (e) { e.textContent = "–"; });
    last.parentNode.appendChild(g);
    refreshForm(form);
    var first = g.querySelector("input");
    if (first) { first.focus(); }
  }

  // clearRefusals takes every refusal shown before off the page (the server's and this script's), so
  // that only the one about to be shown stays on screen.
  function clearRefusals() {
    document.querySelectorAll(".form-error, .missing, .field-error").forEach(function (e) { e.remove(); });
    document.querySelectorAll(".invalid").forEach(function (e) { e.classList.remove("invalid"); });
    document.querySelectorAll("[aria-invalid=true]").forEach(function (e) {
      e.removeAttribute("aria-invalid");
      e.removeAttribute("data-server-error");
    });
  }

  // flagBefore refuses to send a form whose bibs are flagged, and says why: this refusal replaces any
  // shown before.
  function flagBefore(ev) {
    var form = ev.target;
    if (!form.querySelector || !form.querySelector("input[data-bibs]")) { return; }
    if (refreshForm(form) === 0) { return; }
    ev.preventDefault();
    clearRefusals();
    refreshForm(form);
    var bad = form.querySelector("input[data-bibs][aria-invalid=true]");
    var note = form.querySelector(".js-refusal");
    if (!note) {
      note = document.createElement("p");
      note.className = "field-error js-refusal";
      note.setAttribute("role", "alert");
      form.insertBefore(note, form.firstChild);
    }
    note.textContent = word("refused");
    if (bad) { bad.focus(); }
  }

  // dress reads the page's riders and shows what needs this script: the previews, Add group. The live
  // stage screen (live.js) calls it again when it puts a new screen in place.
  function dress() {
    riders = {};
    loadRiders();
    document.querySelectorAll("input[data-bibs][aria-invalid=true]").forEach(function (i) { i.setAttribute("data-server-error", ""); });
    document.querySelectorAll("[data-add-group]").forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () { addGroup(b.form); });
    });
    document.querySelectorAll("form").forEach(function (f) {
      if (f.querySelector("input[data-bibs]")) { refreshForm(f); }
    });
    document.querySelectorAll("[data-order-warning]").forEach(function (box) {
      var lines = box.querySelector("[data-order-lines]");
      box.setAttribute("data-said", lines ? lines.textContent.trim() : "");
    });
  }

  function start() {
    dress();
    document.addEventListener("racedirector:replaced", dress);
    document.addEventListener("input", function (ev) {
      var t = ev.target;
      if (!t.form) { return; }
      if (t.hasAttribute("data-bibs")) { t.removeAttribute("data-server-error"); }
      if (t.hasAttribute("data-bibs")) { refreshForm(t.form); }
      if (t.form.hasAttribute("data-preview")) { finishTimes(t.form); }
    });
    document.addEventListener("submit", flagBefore, true);
    // The browser may skip autofocus (a key still down from the previous page's Enter): focus the
    // first empty entry the page names, unless the director already moved or the URL targets a place.
    var auto = document.querySelector("[autofocus]");
    if (auto && !location.hash && (!document.activeElement || document.activeElement === document.body)) { auto.focus(); }
    // A refused field comes back focused: select its value so the director types the correction
    // straight over it.
    var active = document.activeElement;
    if (active && active.getAttribute("aria-invalid") === "true" && typeof active.select === "function") { active.select(); }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
