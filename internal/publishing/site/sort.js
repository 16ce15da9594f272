// Sorts a table (class "sortable") by a column when its heading's
// button is pressed: text in Italian order, numbers (th data-sort="n")
// by value; pressed again, the other way. The headings get their
// buttons from this script, so without it the page is a plain table.
(function () {
  "use strict";
  var coll = new Intl.Collator("it", { sensitivity: "base", numeric: true });
  document.querySelectorAll("table.sortable").forEach(function (table) {
    var heads = table.tHead ? table.tHead.rows[0].cells : [];
    Array.prototype.forEach.call(heads, function (th, col) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = "sort";
      b.textContent = th.textContent;
      th.textContent = "";
      th.appendChild(b);
      var numeric = th.getAttribute("data-sort") === "n";
      b.addEventListener("click", function () {
        var asc = th.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", asc ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        var keys = rows.map(function (r) {
          var t = r.cells[col] ? r.cells[col].textContent.trim() : "";
          return numeric ? (t === "" ? -Infinity : parseFloat(t.replace(",", "."))) : t;
        });
        var idx = rows.map(function (_, i) { return i; });
        idx.sort(function (i, j) {
          var c = numeric ? keys[i] - keys[j] : coll.compare(keys[i], keys[j]);
          return (asc ? c : -c) || i - j;
        });
        var frag = document.createDocumentFragment();
        idx.forEach(function (i) { frag.appendChild(rows[i]); });
        body.appendChild(frag);
      });
    });
  });
})();
