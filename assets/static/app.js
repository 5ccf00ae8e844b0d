// Race Director: small progressive enhancements. Every page works without this file.
"use strict";
(function () {
  // Confirm dangerous buttons marked data-confirm (asked at the click, so buttons a live page puts in
  // place later are asked about too).
  document.addEventListener("click", function (ev) {
    var el = ev.target.closest && ev.target.closest("[data-confirm]");
    if (el && !window.confirm(el.getAttribute("data-confirm"))) { ev.preventDefault(); }
  });

  // The message after an action stays in sight at the top of the screen: let the director put it away.
  function dismissibleFlashes() {
    document.querySelectorAll("main > .flash:not([data-dismissible])").forEach(function (flash) {
      flash.setAttribute("data-dismissible", "");
      var close = document.createElement("button");
      close.type = "button";
      close.className = "flash-close";
      close.setAttribute("aria-label", "Dismiss the message");
      close.textContent = "×";
      close.addEventListener("click", function () { flash.remove(); });
      flash.appendChild(close);
    });
  }

  // On a phone the stage picker is one scrolling line: bring the stage shown (or the open one) into it,
  // without moving the page itself.
  function centerStagePicker() {
    document.querySelectorAll(".stage-picker").forEach(function (picker) {
      var here = picker.querySelector("a[aria-current]") || picker.querySelector("a.st-open");
      if (!here || picker.scrollWidth <= picker.clientWidth) { return; }
      picker.scrollLeft = Math.max(0, here.offsetLeft - picker.offsetLeft - picker.clientWidth / 2 + here.offsetWidth / 2);
    });
  }

  // askLatest asks url with the query that query() makes once nothing has called it for wait ms with
  // the same st (the caller's state for one form), then hands show the JSON answer, or null when it
  // fails; only the latest question is answered: an earlier one still on its way is given up. The
  // pages that preview the engine's answers while the director types (race.js, wizard.js) share it.
  window.RaceDirector = window.RaceDirector || {};
  window.RaceDirector.askLatest = function (st, wait, url, query, show) {
    clearTimeout(st.timer);
    st.timer = setTimeout(function () {
      var asked = st.asked = (st.asked || 0) + 1;
      if (st.stop) { st.stop.abort(); }
      st.stop = window.AbortController ? new AbortController() : null;
      var sep = url.indexOf("?") >= 0 ? "&" : "?";
      fetch(url + sep + query().toString(), { headers: { Accept: "application/json" }, credentials: "same-origin", signal: st.stop ? st.stop.signal : undefined })
        .then(function (r) { if (!r.ok) { throw new Error("HTTP " + r.status); } return r.json(); })
        .then(function (answer) { if (asked === st.asked) { show(answer); } })
        .catch(function () { if (asked === st.asked) { show(null); } });
    }, wait);
  };

  // A box that scrolls (a wide table on a phone, the stage's profile) takes the keyboard's focus when
  // nothing in it can, so that the arrow keys scroll it; once it fits again it gives that back. Each box
  // is watched for a change of its size (a new screen size, a tab shown, a part put in place).
  var scrollBoxes = ".table-wrap, .profile-scroll";
  var reachable = "a[href], button, input, select, textarea, summary, [tabindex]";
  function keyboardScroll(box) {
    var scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    if (scrolls && !box.querySelector(reachable)) {
      box.tabIndex = 0;
      box.setAttribute("data-keyboard-scroll", "");
    } else if (box.hasAttribute("data-keyboard-scroll")) {
      box.removeAttribute("tabindex");
      box.removeAttribute("data-keyboard-scroll");
    }
  }
  var boxWatch = window.ResizeObserver ? new ResizeObserver(function (seen) {
    seen.forEach(function (s) { keyboardScroll(s.target); });
  }) : null;
  function keyboardScrolls() {
    document.querySelectorAll(scrollBoxes).forEach(function (box) {
      keyboardScroll(box);
      if (boxWatch) { boxWatch.observe(box); }
    });
  }

  function dress() {
    dismissibleFlashes();
    centerStagePicker();
    keyboardScrolls();
  }

  // The live stage screen (live.js) puts a new screen in place: dress it too.
  document.addEventListener("racedirector:replaced", dress);
  document.addEventListener("DOMContentLoaded", dress);
})();
