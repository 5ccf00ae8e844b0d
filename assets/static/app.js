// Race Director: small progressive enhancements. Every page works without this file.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  // Confirm dangerous buttons marked data-confirm.
  document.querySelectorAll("[data-confirm]").forEach(function (el) {
    el.addEventListener("click", function (ev) {
      if (!window.confirm(el.getAttribute("data-confirm"))) { ev.preventDefault(); }
    });
  });
});
