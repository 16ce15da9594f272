// Filters the rows of every table marked data-search as the reader types
// in the search box (input[data-search-for=ID]): rows whose text does
// not contain every typed word are hidden. No server, no library; the
// page works without it (the box is hidden until this script runs).
(function () {
  "use strict";
  function fold(s) {
    return s.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  document.querySelectorAll("input[data-search-for]").forEach(function (box) {
    var table = document.getElementById(box.getAttribute("data-search-for"));
    if (!table) { return; }
    var rows = Array.prototype.slice.call(table.tBodies[0].rows);
    var texts = rows.map(function (r) { return fold(r.textContent); });
    var count = document.getElementById(box.getAttribute("data-count") || "");
    var wrap = box.closest(".search");
    if (wrap) { wrap.hidden = false; }
    box.addEventListener("input", function () {
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (r, i) {
        var ok = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
        r.classList.toggle("hidden", !ok);
        if (ok) { shown++; }
      });
      if (count) { count.textContent = words.length ? String(shown) : ""; }
    });
  });
})();
