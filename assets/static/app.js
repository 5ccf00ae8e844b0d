// Race Director: small progressive enhancements. Every page works without this file.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  // Confirm dangerous buttons marked data-confirm.
  document.querySelectorAll("[data-confirm]").forEach(function (el) {
    el.addEventListener("click", function (ev) {
      if (!window.confirm(el.getAttribute("data-confirm"))) { ev.preventDefault(); }
    });
  });

  // The message after an action stays in sight at the top of the screen: let the director put it away.
  document.querySelectorAll("main > .flash").forEach(function (flash) {
    var close = document.createElement("button");
    close.type = "button";
    close.className = "flash-close";
    close.setAttribute("aria-label", "Dismiss the message");
    close.textContent = "×";
    close.addEventListener("click", function () { flash.remove(); });
    flash.appendChild(close);
  });

  // On a phone the stage picker is one scrolling line: bring the stage shown (or the open one) into it,
  // without moving the page itself.
  document.querySelectorAll(".stage-picker").forEach(function (picker) {
    var here = picker.querySelector("a[aria-current]") || picker.querySelector("a.st-open");
    if (!here || picker.scrollWidth <= picker.clientWidth) { return; }
    picker.scrollLeft = Math.max(0, here.offsetLeft - picker.offsetLeft - picker.clientWidth / 2 + here.offsetWidth / 2);
  });
});
