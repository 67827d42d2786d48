// moqbed report: draws every <div class="chart"> of the page with uPlot (inlined above this
// script), from the JSON in the <script type="application/json"> element that follows the div.
// Two kinds: "lines" (one line per series, each with its own x values: CCDFs, CDFs, time series;
// with "dots", one series per chart, the small multiples of frame latency over time) and "bars"
// (one bar per controller with its 95 % interval as a whisker and the draft's value as a dashed
// mark). Every chart takes its container's width and follows it when the page resizes.
(function () {
  "use strict";

  // ---- Numbers as the page writes them: pure functions of their arguments ----

  // The decimals of a tick increment: 0.0002 → 4, 2.5 → 1, 50 → 0. uPlot picks each axis'
  // increment (1, 2, 2.5 or 5 × 10^k) and passes it to the axis' values function; labels with
  // that many decimals never read alike (5.0900, 5.0902, not 5.09, 5.09).
  function incrementDecimals(increment) {
    if (!(increment > 0) || !isFinite(increment)) return 0;
    const parts = Number(increment.toPrecision(12)).toExponential().split("e");
    const mantissaDecimals = (parts[0].split(".")[1] || "").length;
    return Math.max(0, mantissaDecimals - Number(parts[1]));
  }

  // A linear axis' tick label: the increment's decimals, thousands grouped (1,400).
  function tickLabel(value, increment) {
    const decimals = incrementDecimals(increment);
    return value.toLocaleString("en", {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
  }

  // A log axis' tick label: its splits are 1…9 × 10^k, or after a zoom start anywhere, so the value
  // with up to three significant digits (0.001, 20, 1,000, 33.7).
  function logTickLabel(value) {
    return Number(value.toPrecision(3)).toLocaleString("en", { maximumFractionDigits: 20 });
  }

  // A value read on hover, as the tables write times: three significant digits (4.50, 30.4, 1,240).
  function significant(value) {
    if (value == null || isNaN(value)) return "–";
    if (value === 0) return "0";
    if (Math.abs(value) >= 1000) return Math.round(Number(value.toPrecision(3))).toLocaleString("en");
    return value.toPrecision(3);
  }

  // The leading digit of a positive split: 2 for 0.02, 200 and 2.
  function leadingDigit(value) {
    return Number(Math.abs(value).toExponential()[0]);
  }

  // Which splits of a log axis get a label, as booleans. Every split when each has room, else
  // 1, 2 and 5 × 10^k; an axis where these crowd, or give fewer than three labels (one narrower
  // than a decade: 30 to 50 ms), labels what has room, the powers of ten first, then the 2s and 5s,
  // then the rest. positions: each split's pixel; space: the pixels a label needs.
  function logLabelled(splits, positions, space) {
    const digitSets = [[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2, 5]];
    for (let s = 0; s < digitSets.length; s++) {
      const chosen = splits.map(function (v) { return digitSets[s].indexOf(leadingDigit(v)) >= 0; });
      if (count(chosen) >= 3 && roomy(chosen, positions, space)) return chosen;
    }
    return byRank(splits, positions, space);
  }

  function count(flags) {
    return flags.filter(Boolean).length;
  }

  // Whether the chosen splits are at least space pixels apart.
  function roomy(chosen, positions, space) {
    let last = null;
    for (let i = 0; i < chosen.length; i++) {
      if (!chosen[i]) continue;
      if (last !== null && Math.abs(positions[i] - last) < space) return false;
      last = positions[i];
    }
    return true;
  }

  // The splits that have room, taken by rank (powers of ten, then 2 and 5, then the others), each
  // kept when it is at least space pixels from every split kept before it.
  function byRank(splits, positions, space) {
    const rank = function (v) {
      const digit = leadingDigit(v);
      return digit === 1 ? 0 : digit === 2 || digit === 5 ? 1 : 2;
    };
    const order = splits.map(function (v, i) { return i; });
    order.sort(function (a, b) { return rank(splits[a]) - rank(splits[b]) || a - b; });
    const kept = splits.map(function () { return false; });
    const keptPositions = [];
    order.forEach(function (i) {
      const clear = keptPositions.every(function (p) { return Math.abs(positions[i] - p) >= space; });
      if (clear) {
        kept[i] = true;
        keptPositions.push(positions[i]);
      }
    });
    return kept;
  }

  // The pixels between two labels of a linear x axis: uPlot's 50, or more when the labels the
  // range needs are wider (5.09005 beside 5.09010). min, max: the scale's range; pixels: its width.
  function linearLabelSpace(min, max, pixels) {
    if (!(max > min) || !(pixels > 0)) return 50;
    const roughIncrement = Math.pow(10, Math.floor(Math.log10((max - min) * 50 / pixels)));
    const widest = Math.max(
      tickLabel(min, roughIncrement).length,
      tickLabel(max, roughIncrement).length
    );
    return Math.max(50, widest * 7 + 16);
  }

  // A log axis' range: the data's, out to the next split (1…9 × 10^k) on either side, where
  // uPlot's own goes out to the next power of ten above (47 ms would end the axis at 100).
  function logRange(min, max) {
    if (!(min > 0) || !(max > 0)) return [min, max];
    if (min === max) return [min / 10, max * 10];
    return [toSplit(min, Math.floor), toSplit(max, Math.ceil)];
  }

  // v rounded to its leading digit, down or up: 31 → 30, 47 → 50, 0.0013 → 0.001 or 0.002.
  function toSplit(v, round) {
    const magnitude = Math.pow(10, Math.floor(Math.log10(v)));
    const leading = round(Number((v / magnitude).toPrecision(12)));
    return Number((leading * magnitude).toPrecision(12));
  }

  // ---- Charts ----

  // The pixels a tick label needs along its axis: a number's width on x, its height on y.
  const LABEL_SPACE = { x: 48, y: 26 };

  // An axis with its label and, when given, its size (uPlot's default when not: a key set to
  // undefined would replace the default and hide the axis).
  function axis(label, size, fields) {
    const options = Object.assign({ label: label }, fields);
    if (size != null) options.size = size;
    return options;
  }

  function linearAxis(label, size, scaleKey) {
    return axis(label, size, {
      space: function (u, axisIndex, min, max, pixels) {
        return scaleKey === "x" ? linearLabelSpace(min, max, pixels) : 30;
      },
      values: function (u, splits, axisIndex, space, increment) {
        return splits.map(function (v) { return v == null ? "" : tickLabel(v, increment); });
      },
    });
  }

  function logAxis(label, size, scaleKey) {
    return axis(label, size, {
      filter: function (u, splits) {
        const positions = splits.map(function (v) { return u.valToPos(v, scaleKey); });
        const labelled = logLabelled(splits, positions, LABEL_SPACE[scaleKey]);
        return splits.map(function (v, i) { return labelled[i] ? v : null; });
      },
      values: function (u, splits) {
        return splits.map(function (v) { return v == null ? "" : logTickLabel(v); });
      },
    });
  }

  function size(el) {
    const width = Math.max(220, el.clientWidth);
    return { width: width, height: Math.round(Math.min(380, Math.max(220, width * 0.55))) };
  }

  // The legend's mark of a series as the chart draws it: a line, dashed as the chart's dashes
  // (6 px, gap 4 px), or a dot.
  function legendMarks(spec) {
    return {
      width: 0,
      fill: function (u, i) {
        const s = spec.series[i - 1];
        if (!s) return "transparent";
        return s.dashed && !spec.dots
          ? "repeating-linear-gradient(to right," + s.color + " 0 6px,transparent 6px 10px)"
          : s.color;
      },
    };
  }

  // A scale: linear or log, over the given range or, on a log axis, over logRange's.
  function scale(log, min, max) {
    const options = { distr: log ? 3 : 1, log: 10 };
    if (min != null && max != null) {
      options.range = [min, max];
    } else if (log) {
      options.range = function (u, dataMin, dataMax) { return logRange(dataMin, dataMax); };
    }
    return options;
  }

  function lines(el, spec) {
    const tables = spec.series.map(function (s) { return [s.x, s.y]; });
    const data = uPlot.join(tables);
    const series = [{ label: spec.xLabel, value: function (u, v) { return significant(v); } }];
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
        value: function (u, v) { return significant(v); },
      });
    });
    const xScale = scale(spec.xLog, spec.xMin, spec.xMax);
    xScale.time = false;
    const yScale = scale(spec.yLog, spec.yMin, spec.yMax);
    el.classList.add(spec.dots ? "dots" : "lines");
    const opts = Object.assign(size(el), {
      title: spec.title,
      scales: { x: xScale, y: yScale },
      axes: [
        spec.xLog ? logAxis(spec.xLabel, undefined, "x") : linearAxis(spec.xLabel, undefined, "x"),
        spec.yLog ? logAxis(spec.yLabel, 64, "y") : linearAxis(spec.yLabel, 64, "y"),
      ],
      series: series,
      cursor: { drag: { x: true, y: true, uni: 20 } },
      // a step chart (runs' CDF) has few points: its labels suffice; lines show values on hover
      legend: { live: !spec.step, markers: legendMarks(spec) },
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
        value: function () {
          if (s.value == null) return "–";
          let text = significant(s.value);
          if (s.low != null) text += " [" + significant(s.low) + ", " + significant(s.high) + "]";
          if (s.draft != null) text += ", draft " + significant(s.draft);
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
        linearAxis(spec.yLabel, 64, "y"),
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
