// moqbed report: draws every <div class="chart"> of the page with uPlot (inlined above this
// script), from the JSON in the <script type="application/json"> element that follows the div.
// Two kinds: "lines" (one line per series, each with its own x values: CCDFs, CDFs, time series)
// and "bars" (one bar per controller with its 95 % interval as a whisker and the draft's value as
// a dashed mark). Every chart takes its container's width and follows it when the page resizes.
(function () {
  "use strict";

  function number(v) {
    if (v == null || isNaN(v)) return "–";
    const a = Math.abs(v);
    if (a >= 1000) return Math.round(v).toLocaleString("en");
    if (a >= 100) return v.toFixed(0);
    if (a >= 10) return v.toFixed(1);
    if (a >= 1) return String(parseFloat(v.toFixed(2)));
    return String(parseFloat(v.toPrecision(3)));
  }

  // axis labels: a log axis passes null for the minor ticks it leaves unlabelled
  function ticks(u, vs) {
    return vs.map(function (v) { return v == null ? "" : number(v); });
  }

  function size(el) {
    const width = Math.max(240, el.clientWidth);
    return { width: width, height: Math.round(Math.min(380, Math.max(220, width * 0.55))) };
  }

  function lines(el, spec) {
    const tables = spec.series.map(function (s) { return [s.x, s.y]; });
    const data = uPlot.join(tables);
    const series = [{ label: spec.xLabel, value: function (u, v) { return number(v); } }];
    spec.series.forEach(function (s) {
      series.push({
        label: s.label,
        stroke: s.color,
        width: 1.5,
        dash: s.dashed ? [6, 4] : undefined,
        spanGaps: true,
        // a timeline is drawn as dots: a line would bridge the frames that never arrived
        points: spec.dots ? { show: true, size: 4, fill: s.color } : { show: false },
        paths: spec.dots
          ? function () { return null; }
          : spec.step ? uPlot.paths.stepped({ align: 1 }) : undefined,
        value: function (u, v) { return number(v); },
      });
    });
    const yScale = { distr: spec.yLog ? 3 : 1, log: 10 };
    if (spec.yMin != null && spec.yMax != null) yScale.range = [spec.yMin, spec.yMax];
    const opts = Object.assign(size(el), {
      title: spec.title,
      scales: { x: { time: false, distr: spec.xLog ? 3 : 1, log: 10 }, y: yScale },
      axes: [
        { label: spec.xLabel, values: ticks },
        { label: spec.yLabel, size: 64, values: ticks },
      ],
      series: series,
      cursor: { drag: { x: true, y: true, uni: 20 } },
      // a step chart (runs' CDF) has few points: its labels suffice; lines show values on hover
      legend: { live: !spec.step },
    });
    return new uPlot(opts, data, el);
  }

  function bars(el, spec) {
    const n = spec.series.length;
    const xs = spec.series.map(function (s, i) { return i; });
    const data = [xs];
    let top = 0;
    spec.series.forEach(function (s, i) {
      data.push(xs.map(function (x) { return x === i ? s.value : null; }));
      [s.value, s.high, s.draft].forEach(function (v) { if (v != null) top = Math.max(top, v); });
    });
    const series = [{ label: "controller", value: function (u, v) { return v == null ? "" : spec.series[v].label; } }];
    spec.series.forEach(function (s) {
      series.push({
        label: s.label,
        stroke: s.color,
        fill: s.color + "b0",
        width: 1,
        paths: uPlot.paths.bars({ size: [0.6, 90], align: 0 }),
        points: { show: false },
        value: function (u, v) {
          if (s.value == null) return "–";
          let text = number(s.value);
          if (s.low != null) text += " [" + number(s.low) + ", " + number(s.high) + "]";
          if (s.draft != null) text += ", draft " + number(s.draft);
          return text;
        },
      });
    });
    const opts = Object.assign(size(el), {
      title: spec.title,
      scales: { x: { time: false, range: [-0.5, n - 0.5] }, y: { range: [0, top > 0 ? top * 1.12 : 1] } },
      axes: [
        {
          label: "controller",
          splits: function () { return xs; },
          values: function (u, vs) { return vs.map(function (v) { return spec.series[v] ? spec.series[v].label : ""; }); },
          grid: { show: false },
        },
        { label: spec.yLabel, size: 64, values: ticks },
      ],
      series: series,
      cursor: { drag: { x: false, y: false } },
      // the controllers are named on the x axis and their numbers are in the table below
      legend: { show: false },
      hooks: { draw: [function (u) { whiskers(u, spec); }] },
    });
    return new uPlot(opts, data, el);
  }

  // The 95 % interval as an I-beam on each bar, the draft's value as a dashed black mark.
  function whiskers(u, spec) {
    const ctx = u.ctx;
    const ratio = window.devicePixelRatio || 1;
    ctx.save();
    spec.series.forEach(function (s, i) {
      const x = u.valToPos(i, "x", true);
      const half = Math.min(40, u.bbox.width / spec.series.length * 0.3);
      if (s.low != null && s.high != null) {
        const y1 = u.valToPos(s.low, "y", true);
        const y2 = u.valToPos(s.high, "y", true);
        ctx.strokeStyle = "#222";
        ctx.lineWidth = 1.5 * ratio;
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.moveTo(x, y1); ctx.lineTo(x, y2);
        ctx.moveTo(x - 6 * ratio, y1); ctx.lineTo(x + 6 * ratio, y1);
        ctx.moveTo(x - 6 * ratio, y2); ctx.lineTo(x + 6 * ratio, y2);
        ctx.stroke();
      }
      if (s.draft != null) {
        const y = u.valToPos(s.draft, "y", true);
        ctx.strokeStyle = "#000";
        ctx.lineWidth = 2 * ratio;
        ctx.setLineDash([5 * ratio, 3 * ratio]);
        ctx.beginPath();
        ctx.moveTo(x - half, y); ctx.lineTo(x + half, y);
        ctx.stroke();
      }
    });
    ctx.restore();
  }

  const plots = [];
  document.querySelectorAll("div.chart").forEach(function (el) {
    const source = el.nextElementSibling;
    if (!source || source.type !== "application/json") return;
    const spec = JSON.parse(source.textContent);
    plots.push({ el: el, plot: spec.kind === "bars" ? bars(el, spec) : lines(el, spec) });
  });
  if (window.ResizeObserver) {
    const observer = new ResizeObserver(function () {
      plots.forEach(function (p) { p.plot.setSize(size(p.el)); });
    });
    plots.forEach(function (p) { observer.observe(p.el); });
  }
})();
