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

  // Stages: a climb's end square follows its start and its category's length.
  document.querySelectorAll("tr[data-climb]").forEach(function (tr) {
    var cat = tr.querySelector("[data-climb-category]");
    var start = tr.querySelector("[data-climb-start]");
    var end = tr.querySelector("[data-climb-end]");
    if (!cat || !start || !end) { return; }
    var update = function () {
      var opt = cat.options[cat.selectedIndex];
      var squares = parseInt(opt && opt.getAttribute("data-squares"), 10) || 0;
      var s = toInt(start);
      end.textContent = squares > 0 && s !== null ? String(s + squares - 1) : "?";
    };
    cat.addEventListener("change", update);
    start.addEventListener("input", update);
  });

  // Stages (Ciclismo a fondo): a section's squares follow its type and km; the stage length is their sum.
  var sectionSquares = function (sel, km) {
    var opt = sel.options[sel.selectedIndex];
    if (!opt || km === null || km < 1) { return null; }
    var fits = function (o) {
      var lo = parseInt(o.getAttribute("data-min-km"), 10) || 0, hi = parseInt(o.getAttribute("data-max-km"), 10) || 0;
      return (lo === 0 || km >= lo) && (hi === 0 || km <= hi);
    };
    if (!fits(opt)) {
      // A band too short or long for km resolves to its family's band that fits ("itt_short" of 18 km is
      // medium), and the list shows that band: a section's label follows its real length, as the server's.
      var family = opt.value.replace(/[_-][^_-]*$/, "");
      opt = null;
      Array.prototype.forEach.call(sel.options, function (o) {
        if (!opt && o.value.indexOf(family + "_") === 0 && fits(o)) { opt = o; }
      });
      if (!opt) { return null; }
      sel.value = opt.value;
    }
    return km * (parseInt(opt.getAttribute("data-per-km"), 10) || 0);
  };
  document.querySelectorAll(".stage-edit").forEach(function (stage) {
    var rows = stage.querySelectorAll("tr[data-section]");
    var totalOut = stage.querySelector("[data-stage-total]");
    if (!rows.length) { return; }
    var update = function () {
      var sum = 0, ok = true;
      rows.forEach(function (tr) {
        var sq = sectionSquares(tr.querySelector("[data-section-type]"), toInt(tr.querySelector("[data-section-km]")));
        var out = tr.querySelector("[data-section-squares]");
        if (out) { out.textContent = sq === null ? "?" : String(sq); }
        if (sq === null) { ok = false; } else { sum += sq; }
      });
      if (totalOut) { totalOut.textContent = ok ? String(sum) : "?"; }
    };
    rows.forEach(function (tr) {
      tr.querySelectorAll("select, input").forEach(function (el) {
        el.addEventListener("input", update);
        el.addEventListener("change", update);
      });
    });
  });

  // Stage sheet: a Print button.
  document.querySelectorAll("[data-print]").forEach(function (b) {
    b.hidden = false;
    b.addEventListener("click", function () { window.print(); });
  });
});
