// Race Director — "my team" on the follow page. A phone picks its team (kept in this phone's
// localStorage, one choice per tour, no account); the team's riders (the bibs the page gives with each
// team) and the team's own lines stand out in every table, marked with a star and the words "your
// team" for screen readers; and when a live update (live.js, "racedirector:replaced") brings news of
// the team that the page has not told yet (the server's list: a place that scores at a sprint or over
// a climb, the stage's podium, a jersey taken, the race left), a notice says it. Nothing here decides
// what is news: the script only matches the server's news with the team picked.
"use strict";
(function () {
  function start() {
    var root = document.querySelector("[data-live=follow]");
    var box = document.querySelector("[data-my-team]");
    if (!root || !box) { return; }
    // The select is made of the page's list of teams (the page itself holds no control).
    var select = document.createElement("select");
    select.id = "my-team-pick";
    select.setAttribute("aria-describedby", "my-team-hint");
    box.querySelectorAll("[data-my-teams] li").forEach(function (li) {
      var o = document.createElement("option");
      o.value = li.getAttribute("data-team") || "";
      o.textContent = li.textContent;
      if (li.hasAttribute("data-bibs")) { o.setAttribute("data-bibs", li.getAttribute("data-bibs")); }
      if (li.hasAttribute("data-name")) { o.setAttribute("data-name", li.getAttribute("data-name")); }
      select.appendChild(o);
    });
    box.querySelector(".my-team-line").appendChild(select);
    var notices = document.querySelector("[data-notices]");
    var wordsEl = box.querySelector("[data-my-words]");
    var words = function (name) { return (wordsEl && wordsEl.getAttribute("data-" + name)) || ""; };
    var key = "racedirector.my-team." + box.getAttribute("data-code");
    var seen = {};

    function stored() {
      try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
    }
    function keep(value) {
      try {
        if (value) { window.localStorage.setItem(key, value); } else { window.localStorage.removeItem(key); }
      } catch (e) { /* private browsing: the choice lasts the page */ }
    }
    // mine is the team picked: its number, its riders' bibs and its name; null for none.
    function mine() {
      var o = select.options[select.selectedIndex];
      if (!o || !o.value) { return null; }
      return { id: o.value, bibs: (o.getAttribute("data-bibs") || "").split(" "), name: o.getAttribute("data-name") || "" };
    }
    // flag marks one line of the team: a star first, "your team" for screen readers last.
    function flag(el) {
      el.classList.add("mine");
      var first = el.tagName === "TR" ? el.cells[0] : el;
      var last = el.tagName === "TR" ? el.cells[el.cells.length - 1] : el;
      if (!first || !last) { return; }
      var star = document.createElement("span");
      star.className = "mine-mark mine-star";
      star.setAttribute("aria-hidden", "true");
      star.textContent = "★";
      first.insertBefore(star, first.firstChild);
      var said = document.createElement("span");
      said.className = "mine-mark sr-only";
      said.textContent = " (" + words("mine") + ")";
      last.appendChild(said);
    }
    function mark() {
      root.querySelectorAll(".mine-mark").forEach(function (el) { el.remove(); });
      root.querySelectorAll(".mine").forEach(function (el) { el.classList.remove("mine"); });
      var m = mine();
      root.setAttribute("data-my-team", m ? m.id : "");
      box.classList.toggle("picked", !!m);
      if (!m) { return; }
      root.querySelectorAll("[data-bib]").forEach(function (el) {
        if (m.bibs.indexOf(el.getAttribute("data-bib")) >= 0) { flag(el); }
      });
      root.querySelectorAll("[data-team-name]").forEach(function (el) {
        if (el.getAttribute("data-team-name") === m.name) { flag(el); }
      });
    }
    // notice shows one piece of news until it is closed (the three latest stay).
    function notice(text) {
      if (!notices) { return; }
      var n = document.createElement("div");
      n.className = "team-notice";
      var head = document.createElement("strong");
      head.textContent = words("notice") + " ";
      var body = document.createElement("span");
      body.className = "team-notice-text";
      body.textContent = text;
      var close = document.createElement("button");
      close.type = "button";
      close.className = "team-notice-close";
      close.setAttribute("aria-label", words("close"));
      close.textContent = "×";
      close.addEventListener("click", function () { n.remove(); });
      n.appendChild(head);
      n.appendChild(body);
      n.appendChild(close);
      notices.appendChild(n);
      while (notices.children.length > 3) { notices.removeChild(notices.firstChild); }
    }
    function news() { return root.querySelectorAll("[data-team-news] [data-news]"); }
    // tell says the news not told yet of the team picked; every piece is told once.
    function tell() {
      var m = mine();
      news().forEach(function (n) {
        var k = n.getAttribute("data-news");
        if (seen[k]) { return; }
        seen[k] = true;
        if (m && n.getAttribute("data-team") === m.id) { notice(n.textContent); }
      });
    }

    news().forEach(function (n) { seen[n.getAttribute("data-news")] = true; });
    select.value = stored();
    if (select.selectedIndex < 0) { select.value = ""; }
    box.hidden = false;
    mark();
    select.addEventListener("change", function () {
      keep(select.value);
      mark();
    });
    document.addEventListener("racedirector:replaced", function () {
      mark();
      tell();
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
