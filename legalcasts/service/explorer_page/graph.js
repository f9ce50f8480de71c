// The interaction graph drawn as SVG by hand: splice cards left, hosts and targeting spells in the middle,
// protected permanents right (as `legalcasts graph --format png` lays them out). No library.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function edgeClass(edge) {
  if (edge.kind === "splice") return "splice";
  return edge.blocked ? "blocked" : "open";
}

function describeEdge(edge) {
  if (edge.kind === "splice") {
    return `${edge.source} splices onto ${edge.target} (${edge.quality}; splice cost's mana ${edge.splice_cost || "none"}, total mana ${edge.total_cost}, CR 702.47a)`;
  }
  if (edge.blocked) {
    const who = edge.opponents_only ? ", for opponents only" : "";
    return `${edge.source} can't target ${edge.target}: ${edge.reason} (${edge.rule}${who})`;
  }
  return `${edge.source} may still target ${edge.target} (${edge.phrases || "target"})`;
}

function columnsOf(graph) {
  const targeted = new Set(graph.edges.filter((e) => e.kind === "target").map((e) => e.target));
  const left = [];
  const middle = [];
  const right = [];
  for (const node of graph.nodes) {
    if (node.splice_quality) left.push(node);
    else if (targeted.has(node.name)) right.push(node);
    else middle.push(node);
  }
  return [
    { title: "Splice cards", nodes: left },
    { title: "Hosts and spells", nodes: middle },
    { title: "Protected permanents", nodes: right },
  ];
}

function shortName(name) {
  return name.length > 30 ? `${name.slice(0, 29)}…` : name;
}

function drawInteractions(root, detail, graph) {
  root.replaceChildren();
  detail.replaceChildren();
  const notes = document.createElement("div");
  if (graph.skipped.length || graph.undecided.length) {
    const list = document.createElement("ul");
    for (const s of graph.skipped) {
      const item = document.createElement("li");
      item.textContent = `${s.name} left out, text not read (${s.role}): "${s.span}": ${s.reason}`;
      list.append(item);
    }
    for (const u of graph.undecided) {
      const item = document.createElement("li");
      item.textContent = `${u.spell} and ${u.permanent} not judged: ${u.reason}`;
      list.append(item);
    }
    notes.append(list);
  }
  if (!graph.edges.length) {
    const empty = document.createElement("p");
    empty.id = "graph-empty";
    empty.textContent = "No splice or protection relation among this position's cards.";
    root.append(empty, notes);
    return;
  }
  const width = 900;
  const nodeWidth = 230;
  const nodeHeight = 26;
  const step = 38;
  const xs = [10, 335, 660];
  const columns = columnsOf(graph);
  const rows = Math.max(...columns.map((c) => c.nodes.length));
  const height = 40 + rows * step;
  const place = new Map();
  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    role: "group",
    "aria-label": `Interaction graph: ${graph.nodes.length} cards, ${graph.edges.length} relations. Each card is a button.`,
  });
  const defs = svgEl("defs", {});
  for (const kind of ["splice", "blocked", "open"]) {
    const colour = { splice: "#1f4f99", blocked: "#b3261e", open: "#5c636e" }[kind];
    defs.append(
      svgEl(
        "marker",
        { id: `arrow-${kind}`, viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
        svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: colour }),
      ),
    );
  }
  svg.append(defs);
  columns.forEach((column, c) => {
    svg.append(svgEl("text", { x: xs[c], y: 16, class: "column-title" }, document.createTextNode(column.title)));
    column.nodes.forEach((node, r) => place.set(node.name, { x: xs[c], y: 28 + r * step, column: c }));
  });
  const edgeLayer = svgEl("g", { "aria-hidden": "true" });
  const edgeNodes = [];
  for (const edge of graph.edges) {
    const from = place.get(edge.source);
    const to = place.get(edge.target);
    if (!from || !to) continue;
    const y1 = from.y + nodeHeight / 2;
    const y2 = to.y + nodeHeight / 2;
    let d;
    if (from.column === to.column) {
      const x = from.x + nodeWidth;
      const bend = y2 > y1 ? 45 : 85; // two cards splicing onto each other: two curves, not one
      d = `M ${x} ${y1} C ${x + bend} ${y1}, ${x + bend} ${y2}, ${x} ${y2}`;
    } else {
      const x1 = from.x + nodeWidth;
      const x2 = to.x;
      d = `M ${x1} ${y1} C ${x1 + 50} ${y1}, ${x2 - 50} ${y2}, ${x2} ${y2}`;
    }
    const kind = edgeClass(edge);
    const path = svgEl("path", { d, class: `edge ${kind}`, "marker-end": `url(#arrow-${kind})` });
    edgeNodes.push({ edge, path });
    edgeLayer.append(path);
  }
  svg.append(edgeLayer);
  const select = (name, group) => {
    for (const g of svg.querySelectorAll(".node")) g.classList.toggle("selected", g === group);
    const mine = [];
    for (const { edge, path } of edgeNodes) {
      const touches = edge.source === name || edge.target === name;
      path.classList.toggle("dim", !touches);
      if (touches) mine.push(edge);
    }
    const node = graph.nodes.find((n) => n.name === name);
    const heading = document.createElement("h3");
    heading.textContent = `${name}${node.objects.length ? ` (${node.objects.join(", ")})` : ""}: ${mine.length} relation${mine.length === 1 ? "" : "s"}`;
    const list = document.createElement("ul");
    list.id = "graph-edges";
    for (const edge of mine) {
      const item = document.createElement("li");
      item.textContent = describeEdge(edge);
      list.append(item);
    }
    detail.replaceChildren(heading, list);
  };
  for (const node of graph.nodes) {
    const at = place.get(node.name);
    const degree = graph.edges.filter((e) => e.source === node.name || e.target === node.name).length;
    const role = node.splice_quality ? `splice onto ${node.splice_quality}` : node.protected ? "protected permanent" : node.type_line;
    const label = `${node.name}, ${role}, ${degree} relation${degree === 1 ? "" : "s"}`;
    const group = svgEl(
      "g",
      { class: "node", tabindex: "0", role: "button", "aria-label": label, "data-name": node.name, transform: `translate(${at.x} ${at.y})` },
      svgEl("rect", { width: nodeWidth, height: nodeHeight, rx: 5 }),
      svgEl("text", { x: 8, y: 17 }, document.createTextNode(shortName(node.name))),
    );
    group.addEventListener("click", () => select(node.name, group));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        select(node.name, group);
      }
    });
    svg.append(group);
  }
  root.append(svg, notes);
}

window.drawInteractions = drawInteractions;
