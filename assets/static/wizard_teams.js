// Race Director: the wizard's team step remembers the order the teams are ticked in (their racing
// order, sent in the "order" field), numbers them at once, says how many are chosen (the page's own
// words for each count) and shows the ↑↓ of each chosen team. The page works without this file: the
// server then numbers newly ticked teams in the order they are listed, and the style sheet shows a
// ticked team's ↑↓ and player field.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var order = document.querySelector("input[name=order]");
  if (!order) { return; }
  var boxes = Array.prototype.slice.call(document.querySelectorAll("input[name=teams]"));
  // The page gives the badge's words in its language, "#" standing for the number ("Team #").
  var grid = document.querySelector("[data-team-word]");
  var teamWord = (grid && grid.getAttribute("data-team-word")) || "#";
  var count = document.querySelector("[data-chosen-count]");
  var countWords = Array.prototype.map.call(document.querySelectorAll("[data-chosen-words] > span"), function (s) { return s.textContent; });
  var chosen = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
  var number = function () {
    order.value = chosen.join(",");
    if (count && countWords[chosen.length]) { count.textContent = countWords[chosen.length]; }
    boxes.forEach(function (b) {
      var text = b.parentNode.querySelector("span");
      if (!text) { return; }
      var badge = text.querySelector(".team-number");
      var i = chosen.indexOf(b.value);
      var team = b.closest(".team");
      if (team) { team.classList.toggle("chosen", i >= 0); }
      if (i < 0) {
        if (badge) { badge.hidden = true; }
        return;
      }
      if (!badge) {
        badge = document.createElement("span");
        badge.className = "team-number";
        text.insertBefore(document.createTextNode(" "), text.firstChild);
        text.insertBefore(badge, text.firstChild);
      }
      badge.hidden = false;
      badge.textContent = teamWord.replace("#", String(i + 1));
    });
    // The ↑ ↓ buttons follow the new numbers: shown for the chosen teams, the first one's ↑ and the
    // last one's ↓ disabled, their labels saying the team's number.
    document.querySelectorAll("button[value^=up_team], button[value^=down_team]").forEach(function (btn) {
      var parts = btn.value.split(":");
      var i = chosen.indexOf(parts[1]);
      btn.disabled = i < 0 || (parts[0] === "up_team" ? i === 0 : i === chosen.length - 1);
      if (btn.parentNode.classList.contains("row-buttons")) { btn.parentNode.hidden = i < 0; }
      var label = btn.getAttribute("data-label");
      if (label && i >= 0) { btn.setAttribute("aria-label", label.replace("{n}", String(i + 1))); }
    });
  };
  boxes.forEach(function (b) {
    b.addEventListener("change", function () {
      var i = chosen.indexOf(b.value);
      if (b.checked && i < 0) { chosen.push(b.value); }
      if (!b.checked && i >= 0) { chosen.splice(i, 1); }
      number();
    });
  });
  number();
});
