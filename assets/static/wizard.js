// Race Director: niceties for the "New tour" wizard and the stage sheet. Every page works without this file:
// the server computes and checks all of it again.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var toInt = function (el) {
    var n = parseInt(el && el.value, 10);
    return isNaN(n) ? null : n;
  };

  // Characteristics: offer only the team sizes and the game option the chosen ruleset has.
  var rulesets = document.querySelectorAll("input[name=ruleset]");
  var riders = document.getElementById("riders_per_team");
  var syncRuleset = function () {
    var chosen = document.querySelector("input[name=ruleset]:checked");
    if (!chosen) { return; }
    var id = chosen.value;
    if (riders) {
      var firstOK = null, keep = false;
      Array.prototype.forEach.call(riders.options, function (o) {
        var ok = (" " + o.getAttribute("data-rulesets") + " ").indexOf(" " + id + " ") >= 0;
        o.hidden = !ok; o.disabled = !ok;
        if (ok) { firstOK = o; if (o.selected) { keep = true; } }
      });
      if (!keep && firstOK) {
        // The largest allowed size is the usual one.
        var last = null;
        Array.prototype.forEach.call(riders.options, function (o) { if (!o.disabled) { last = o; } });
        (last || firstOK).selected = true;
      }
    }
    document.querySelectorAll(".field[data-rulesets]").forEach(function (f) {
      var ok = (" " + f.getAttribute("data-rulesets") + " ").indexOf(" " + id + " ") >= 0;
      f.hidden = !ok;
    });
  };
  rulesets.forEach(function (r) { r.addEventListener("change", syncRuleset); });
  syncRuleset();

  // Points: the total in play, live.
  var total = document.getElementById("points-total");
  if (total) {
    var stages = parseInt(total.getAttribute("data-stages"), 10) || 0;
    var sumPoints = function () {
      var stageWin = toInt(document.querySelector("[data-points=stage]")) || 0;
      var all = stageWin * stages;
      var stageOut = document.querySelector("[data-points-stage-total]");
      if (stageOut) { stageOut.textContent = String(stageWin * stages); }
      document.querySelectorAll(".points-table tbody tr").forEach(function (tr) {
        var row = 0;
        tr.querySelectorAll("[data-points=table]").forEach(function (inp) { row += toInt(inp) || 0; });
        var out = tr.querySelector("[data-points-row-sum]");
        if (out) { out.textContent = String(row); }
        all += row;
      });
      total.textContent = String(all);
    };
    document.querySelectorAll("[data-points]").forEach(function (inp) { inp.addEventListener("input", sumPoints); });
    sumPoints(); // a refused step comes back with what was typed: its sums follow the boxes, not the last saved points
  }

  // Stages: a climb's end square follows its start and category (docs/rules.md §1.2), and a Ciclismo a
  // fondo section's band and squares its type and km, the stage length their sum (§2.2). The server
  // answers them all (GET data-stage-preview with the stage's rows), once the director pauses: no rule
  // is computed here. Only a stage's latest question's answer is shown; one that fails shows "?".
  var previewURL = document.querySelector("form[data-stage-preview]");
  previewURL = previewURL && previewURL.getAttribute("data-stage-preview");
  var showStage = function (stage, answer) {
    var climbs = (answer && answer.climbs) || [], sections = (answer && answer.sections) || [];
    stage.querySelectorAll("tr[data-climb]").forEach(function (tr, j) {
      var out = tr.querySelector("[data-climb-end]");
      var end = climbs[j] && climbs[j].end;
      if (out) { out.textContent = typeof end === "number" ? String(end) : "?"; }
    });
    stage.querySelectorAll("tr[data-section]").forEach(function (tr, j) {
      var sec = sections[j], out = tr.querySelector("[data-section-squares]");
      var sel = tr.querySelector("[data-section-type]");
      var ok = sec && typeof sec.squares === "number";
      // A band too short or long for its km counts as its family's band that fits ("itt_short" of
      // 18 km is medium): the list shows the band the server counted, as the saved stage will.
      if (ok && sel && sec.type && sel.value !== sec.type &&
        Array.prototype.some.call(sel.options, function (o) { return o.value === sec.type; })) { sel.value = sec.type; }
      if (out) { out.textContent = ok ? String(sec.squares) : "?"; }
    });
    var total = stage.querySelector("[data-stage-total]");
    if (total) { total.textContent = answer && typeof answer.length === "number" ? String(answer.length) : "?"; }
  };
  var askStage = function (stage) {
    var st = stage.stagePreview || (stage.stagePreview = {});
    window.RaceDirector.askLatest(st, 250, previewURL, function () {
      var q = new URLSearchParams();
      stage.querySelectorAll("tr[data-climb]").forEach(function (tr, j) {
        var cat = tr.querySelector("[data-climb-category]"), start = tr.querySelector("[data-climb-start]");
        q.append("climbs[" + j + "].category", cat ? cat.value : "");
        q.append("climbs[" + j + "].start", start ? start.value : "");
      });
      stage.querySelectorAll("tr[data-section]").forEach(function (tr, j) {
        var typ = tr.querySelector("[data-section-type]"), km = tr.querySelector("[data-section-km]");
        q.append("sections[" + j + "].type", typ ? typ.value : "");
        q.append("sections[" + j + "].km", km ? km.value : "");
      });
      return q;
    }, function (answer) { showStage(stage, answer); });
  };

  if (previewURL && window.fetch && window.URLSearchParams && window.RaceDirector && window.RaceDirector.askLatest) {
    document.querySelectorAll(".stage-edit").forEach(function (stage) {
      stage.querySelectorAll("[data-climb-category], [data-climb-start], [data-section-type], [data-section-km]").forEach(function (el) {
        el.addEventListener("input", function () { askStage(stage); });
        el.addEventListener("change", function () { askStage(stage); });
      });
    });
  }

  // Stage sheet: a Print button.
  document.querySelectorAll("[data-print]").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () { window.print(); });
  });
});
