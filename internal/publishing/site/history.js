// A player's ratings in every published list, as a table and a chart,
// read from the lists' data files (giocatori/storia/): a list closed
// adds one file set and rewrites no player's page. The data are plain
// scripts setting globals, so that the page works from disk (file://),
// where a browser fetches no JSON. storia/liste.js names the lists
// (oldest first) and how many shards each has; a player's shard is the
// FNV-1a hash of his FSI id modulo that number (site/history.go).
(function () {
  "use strict";
  var body = document.getElementById("storia");
  var idx = window.omologaListe;
  if (!body || !idx || !idx.liste.length) return;
  var id = body.getAttribute("data-id");
  var data = (window.omologaStoria = window.omologaStoria || {});

  function shard(s, n) {
    var h = 0x811c9dc5;
    for (var i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h % n;
  }

  var pending = idx.liste.length;
  idx.liste.forEach(function (l) {
    var s = document.createElement("script");
    l.shard = l.f + "/" + shard(id, l.n);
    s.src = "storia/" + l.shard + ".js";
    s.onload = s.onerror = function () {
      if (--pending === 0) show();
    };
    document.body.appendChild(s);
  });

  function el(name, attrs, text) {
    var e = document.createElement(name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function show() {
    var rows = [];
    idx.liste.forEach(function (l) {
      var d = data[l.shard];
      var r = d && d[id];
      if (r) rows.push({ l: l, rating: r[0], cat: r[1], fide: r[2] === 1 });
    });
    rows.forEach(function (r) {
      var tr = el("tr");
      var th = el("th", { scope: "row" });
      th.appendChild(el("a", { href: "../" + r.l.h }, r.l.m));
      tr.appendChild(th);
      tr.appendChild(el("td", {}, r.l.t));
      var td = el("td", { class: "n" }, String(r.rating));
      if (r.fide) {
        td.appendChild(document.createTextNode(" "));
        td.appendChild(el("span", { class: "badge" }, "FIDE"));
      }
      tr.appendChild(td);
      tr.appendChild(el("td", {}, r.cat));
      body.appendChild(tr);
    });
    var fig = document.getElementById("chart");
    if (fig && rows.length) {
      fig.appendChild(chart(rows));
      fig.hidden = false;
    }
  }

  // The chart, as the site drew it in SVG: the Elo Italia and Elo
  // Italia Rapid lines by month; the time axis ends at the player's
  // latest list, with a month's margin before his first and at least six
  // months' width; the month ticks count back from the latest list.
  var W = 720, H = 300, L = 58, R = 18, T = 34, B = 44, PW = W - L - R, PH = H - T - B;
  var NS = "http://www.w3.org/2000/svg";
  var INK = idx.colori.ink, GRID = idx.colori.grid;

  function svg(name, attrs, text) {
    var e = document.createElementNS(NS, name);
    for (var k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function addMonths(t, n) {
    var d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
  }

  function niceStep(raw, min) {
    if (raw <= min) return min;
    var p = Math.pow(10, Math.floor(Math.log10(raw)));
    var ms = [1, 2, 5, 10];
    for (var i = 0; i < ms.length; i++) if (ms[i] * p >= raw) return Math.max(ms[i] * p, min);
    return 10 * p;
  }

  function chart(rows) {
    var lines = [], lo = 0, hi = 0, first = 0, last = 0;
    ["standard", "rapid"].forEach(function (k) {
      var pts = [];
      rows.forEach(function (r) {
        if (r.l.s !== k) return;
        var ym = r.l.p.split("-");
        var t = Date.UTC(+ym[0], +ym[1] - 1, 1);
        pts.push({ t: t, r: r.rating, m: r.l.m });
        if (lo === 0 || r.rating < lo) lo = r.rating;
        hi = Math.max(hi, r.rating);
        if (first === 0 || t < first) first = t;
        if (t > last) last = t;
      });
      if (pts.length) lines.push({ name: idx.nomi[k], colour: idx.colori[k], pts: pts });
    });
    var from = addMonths(first, -1), to = last;
    if (from > addMonths(to, -6)) from = addMonths(to, -6);
    var span = to - from;
    var x = function (t) { return L + (t - from) / span * PW; };
    var ylo0 = lo - 20, yhi0 = hi + 20;
    var step = niceStep((yhi0 - ylo0) / 6, 10);
    var ylo = Math.floor(ylo0 / step) * step, yhi = Math.ceil(yhi0 / step) * step;
    var y = function (v) { return T + (yhi - v) / (yhi - ylo) * PH; };
    var font = { "font-family": "sans-serif", "font-size": "12" };
    function text(attrs, s) {
      for (var k in font) attrs[k] = font[k];
      return svg("text", attrs, s);
    }
    var s = svg("svg", { width: W, height: H, viewBox: "0 0 " + W + " " + H, role: "img", "aria-labelledby": "chart-title",
      style: "max-width:100%;height:auto" });
    s.appendChild(svg("title", { id: "chart-title" }, body.getAttribute("data-chart")));
    s.appendChild(svg("rect", { width: "100%", height: "100%", fill: "#fff" }));
    for (var v = ylo; v <= yhi + step / 2; v += step) {
      var tv = Math.round(v / step) * step, yy = y(tv).toFixed(1);
      s.appendChild(svg("line", { x1: L, y1: yy, x2: W - R, y2: yy, stroke: GRID }));
      s.appendChild(text({ x: L - 6, y: (y(tv) + 4).toFixed(1), "text-anchor": "end", fill: INK }, tv.toFixed(0)));
    }
    var months = Math.floor((to - from) / 864e5 / 30) + 1;
    var mstep = Math.max(1, Math.floor((months + 5) / 6));
    for (var i = 0; ; i++) {
      var t = addMonths(to, -i * mstep);
      if (t < from) break;
      var xx = x(t), d = new Date(t);
      s.appendChild(svg("line", { x1: xx.toFixed(1), y1: H - B, x2: xx.toFixed(1), y2: H - B + 5, stroke: INK }));
      var anchor = xx < L + 30 ? "start" : xx > W - R - 30 ? "end" : "middle";
      s.appendChild(text({ x: xx.toFixed(1), y: H - B + 18, "text-anchor": anchor, fill: INK },
        idx.mesi[d.getUTCMonth()] + " " + d.getUTCFullYear()));
    }
    s.appendChild(svg("line", { x1: L, y1: H - B, x2: W - R, y2: H - B, stroke: INK }));
    s.appendChild(text({ x: L + PW / 2, y: H - 8, "text-anchor": "middle", fill: INK }, idx.asse));
    s.appendChild(text({ transform: "translate(14 " + (T + PH / 2) + ") rotate(-90)", "text-anchor": "middle", fill: INK }, "Elo"));
    var lx = L;
    lines.forEach(function (l) {
      if (l.pts.length > 1) {
        s.appendChild(svg("polyline", { points: l.pts.map(function (p) { return x(p.t).toFixed(1) + "," + y(p.r).toFixed(1); }).join(" "),
          fill: "none", stroke: l.colour, "stroke-width": "2" }));
      }
      l.pts.forEach(function (p) {
        var c = svg("circle", { cx: x(p.t).toFixed(1), cy: y(p.r).toFixed(1), r: "4", fill: l.colour });
        c.appendChild(svg("title", {}, l.name + ", " + p.m + ": " + p.r));
        s.appendChild(c);
      });
      s.appendChild(svg("line", { x1: lx, y1: 14, x2: lx + 22, y2: 14, stroke: l.colour, "stroke-width": "3" }));
      s.appendChild(text({ x: lx + 28, y: 18, fill: INK }, l.name));
      lx += 170;
    });
    return s;
  }
})();
