// Filters the rows of the table a search box names (input
// data-search-for=ID) as the reader types: rows whose text does not
// contain every typed word, accents ignored, are hidden; the count of
// rows shown goes in the element named by data-count. A page opened with
// #q=words starts filtered. No server, no library; the page works
// without it (the box is hidden until this script runs).
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
    function filter() {
      var words = fold(box.value).split(/\s+/).filter(Boolean);
      var shown = 0;
      rows.forEach(function (r, i) {
        var ok = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
        r.classList.toggle("hidden", !ok);
        // Zebra stripes on the rows shown, not on their place in the
        // whole table.
        r.classList.toggle("alt", ok && shown % 2 === 1);
        if (ok) { shown++; }
      });
      table.classList.toggle("filtered", words.length > 0);
      if (count) { count.textContent = words.length ? shown + " su " + rows.length : ""; }
    }
    box.addEventListener("input", function () {
      filter();
      // The search is kept in the address (#q=...), so that it can be
      // bookmarked or sent.
      if (window.history && history.replaceState) {
        history.replaceState(null, "", box.value ? "#q=" + encodeURIComponent(box.value) : location.pathname);
      }
    });
    var m = /^#q=(.*)$/.exec(location.hash);
    if (m) {
      box.value = decodeURIComponent(m[1]);
      filter();
    }
  });
})();
