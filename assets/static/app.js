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

  function dress() {
    dismissibleFlashes();
    centerStagePicker();
  }

  // The live stage screen (live.js) puts a new screen in place: dress it too.
  document.addEventListener("racedirector:replaced", dress);
  document.addEventListener("DOMContentLoaded", dress);
})();
