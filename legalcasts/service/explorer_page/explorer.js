// legalcasts explorer: a client of the service's JSON-RPC 2.0 methods (docs/service.md), no library.
"use strict";

const PAGE = 20; // casts listed a page at a time
const OPTIONS_PAGE = 60; // options of a prompt shown at a time

const app = {
  digest: null,
  board: null,
  objects: new Map(), // id -> object of `board`
  castable: [],
  card: null, // the card whose prompts are walked
  levels: [], // [{result, picked}] of the walk
  listOffset: 0,
  listCount: 0,
};

let rpcId = 0;

async function rpc(method, params) {
  rpcId += 1;
  const response = await fetch("/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method, params }),
  });
  const answer = await response.json();
  if (answer.error) {
    const error = new Error(answer.error.message);
    error.code = answer.error.code;
    throw error;
  }
  return answer.result;
}

function $(id) {
  return document.getElementById(id);
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function status(text) {
  $("status").textContent = text;
}

function nameOf(id) {
  const obj = app.objects.get(id);
  return obj ? obj.name : id; // a player is named by its id
}

function described(id) {
  const obj = app.objects.get(id);
  return obj ? `${obj.name} (${id})` : id;
}

function plural(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

// --- loading ---

async function loadData(data, label, puzzle) {
  $("load-error").textContent = "";
  status(`Loading ${label}…`);
  try {
    const loaded = await rpc("load_state", puzzle === undefined ? { state: data } : { puzzle });
    await showPosition(loaded.digest, label);
  } catch (error) {
    $("load-error").textContent = error.message;
    status("The state did not load.");
  }
}

async function loadPath(path) {
  $("load-error").textContent = "";
  try {
    const file = await rpc("read_state_file", { path });
    await loadData(file.state, path, file.puzzle);
  } catch (error) {
    $("load-error").textContent = error.message;
    status("The state did not load.");
  }
}

async function showPosition(digest, label) {
  app.digest = digest;
  const board = await rpc("board", { digest });
  app.board = board;
  app.objects = new Map(board.objects.map((o) => [o.id, o]));
  app.castable = board.castable;
  app.card = null;
  app.levels = [];
  app.listOffset = 0;
  const active = board.active_player;
  $("position-summary").textContent =
    `${label}: ${board.players.length} players, ${active}'s turn, ${board.phase.replace(/_/g, " ")}; ` +
    `${board.priority} has priority and is the caster.`;
  drawBoard(board);
  status(`Counting the casts of ${label}…`);
  await showCounts();
  fillListCards();
  await showList();
  $("tree").replaceChildren();
  $("done").replaceChildren();
  $("walk-intro").hidden = false;
  $("retarget").replaceChildren();
  $("verdict").replaceChildren();
  $("cast-json").value = "";
  await showGraph();
  status(`Loaded ${label}: ${plural(app.total || 0, "legal cast")}.`);
}

// --- the board ---

const ZONES = ["battlefield", "hand", "graveyard", "exile", "library", "stack"];

function drawBoard(board) {
  const root = $("board");
  root.replaceChildren();
  for (const player of board.players) {
    const roles = [];
    if (player.id === board.active_player) roles.push("active");
    if (player.id === board.priority) roles.push("priority");
    const facts = [`life ${player.life ?? "?"}`];
    if (player.mana_pool) facts.push(`pool ${player.mana_pool}`);
    for (const c of player.counters) facts.push(`${c.number} ${c.kind}`);
    const section = el(
      "section",
      { class: "player", "aria-labelledby": `player-${player.id}` },
      el("h3", { id: `player-${player.id}` }, `${player.id}${roles.length ? ` (${roles.join(", ")})` : ""}: ${facts.join(", ")}`),
    );
    for (const zone of ZONES) {
      const objects = board.objects.filter((o) => o.zone === zone && (zone === "battlefield" || zone === "stack" ? o.controller : o.owner) === player.id);
      if (!objects.length) continue;
      const list = el("ul", { "aria-label": `${player.id}'s ${zone}` });
      for (const obj of objects) list.append(el("li", {}, cardButton(obj)));
      section.append(el("div", { class: "zone" }, el("h4", {}, `${zone[0].toUpperCase()}${zone.slice(1)} (${objects.length})`), list));
    }
    root.append(section);
  }
}

function cardButton(obj) {
  const castable = app.castable.includes(obj.id);
  const badges = el("span", { class: "badges" });
  if (obj.tapped) badges.append(el("span", { class: "badge tap" }, "tapped"));
  if (obj.attached_to) badges.append(el("span", { class: "badge attach" }, `attached to ${nameOf(obj.attached_to)}`));
  for (const c of obj.counters) badges.append(el("span", { class: "badge counter" }, `${c.kind} ×${c.number}`));
  if (obj.token) badges.append(el("span", { class: "badge" }, "token"));
  if (obj.attacking) badges.append(el("span", { class: "badge" }, "attacking"));
  for (const g of obj.granted) badges.append(el("span", { class: "badge" }, g));
  const textId = `oracle-${obj.id}`;
  const pt = obj.power !== null && obj.power !== undefined ? ` ${obj.power}/${obj.toughness}` : "";
  const button = el(
    "button",
    {
      type: "button",
      class: `card${obj.tapped ? " tapped" : ""}${castable ? " castable" : ""}`,
      "aria-describedby": textId,
      "data-id": obj.id,
      onclick: () => (castable ? startWalk(obj.id) : null),
    },
    el("span", { class: "name" }, obj.name),
    el("span", { class: "cost" }, `${obj.mana_cost ?? ""} ${obj.type_line}${pt}`.trim()),
    badges,
    el("span", { id: textId, class: "sr-only" }, `${obj.oracle_text}${castable ? " (castable: press to walk its prompts)" : ""}`),
  );
  const tipText = `${obj.name}${obj.name_fr ? ` (${obj.name_fr})` : ""}  ${obj.mana_cost ?? ""}\n${obj.type_line}${pt}\n\n${obj.oracle_text}`;
  button.addEventListener("mouseenter", () => showTip(button, tipText));
  button.addEventListener("focus", () => showTip(button, tipText));
  button.addEventListener("mouseleave", hideTip);
  button.addEventListener("blur", hideTip);
  return button;
}

function showTip(anchor, text) {
  const tip = $("tip");
  tip.textContent = text;
  tip.hidden = false;
  const box = anchor.getBoundingClientRect();
  const width = Math.min(352, document.documentElement.clientWidth - 16);
  let left = box.left + window.scrollX;
  left = Math.max(8, Math.min(left, window.scrollX + document.documentElement.clientWidth - width - 8));
  tip.style.left = `${left}px`;
  tip.style.top = `${box.bottom + window.scrollY + 6}px`;
}

function hideTip() {
  $("tip").hidden = true;
}

// --- counts ---

async function showCounts() {
  const whole = await rpc("count", { digest: app.digest });
  app.total = whole.count;
  const body = $("counts").querySelector("tbody");
  body.replaceChildren();
  const leftOut = new Map(whole.left_out.map((l) => [l.card, l]));
  for (const id of app.castable) {
    if (leftOut.has(id)) continue;
    let count;
    try {
      ({ count } = await rpc("count", { digest: app.digest, card: id }));
    } catch (error) {
      body.append(el("tr", { "data-card": id }, el("th", { scope: "row" }, nameOf(id)), el("td", {}, el("code", {}, id)), el("td", { colspan: 2, class: "error" }, error.message)));
      continue;
    }
    body.append(
      el(
        "tr",
        { "data-card": id },
        el("th", { scope: "row" }, nameOf(id)),
        el("td", {}, el("code", {}, id)),
        el("td", { class: "num count", "data-count": count }, count.toLocaleString("en")),
        el(
          "td",
          {},
          el("button", { type: "button", "aria-label": `Walk the prompts of ${nameOf(id)}`, onclick: () => startWalk(id), disabled: count === 0 }, "Prompts"),
          " ",
          el("button", { type: "button", "aria-label": `List the casts of ${nameOf(id)}`, onclick: () => listCard(id) }, "List"),
        ),
      ),
    );
  }
  $("total").replaceChildren(
    el("strong", { id: "total-count", "data-count": whole.count }, plural(whole.count, "legal cast")),
    ` in all for ${app.board.priority}`,
    whole.left_out.length ? `, ${plural(whole.left_out.length, "card")} left out` : "",
    ".",
  );
  const out = $("left-out");
  out.replaceChildren();
  if (whole.left_out.length) {
    out.append(el("h3", {}, "Left out: text not read"));
    const list = el("ul", {});
    for (const l of whole.left_out) list.append(el("li", {}, el("strong", {}, `${l.name} (${l.card})`), `: ${l.reason}`));
    out.append(list);
  }
}

// --- the prompt walk ---

function chosenUpTo(level) {
  const chosen = {};
  for (const step of app.levels.slice(0, level)) chosen[step.result.prompt] = step.picked;
  return chosen;
}

async function startWalk(id) {
  app.card = id;
  app.levels = [];
  $("walk-intro").hidden = true;
  await walkFrom(0);
  const first = $("tree").querySelector(".options button") || $("check-done");
  if (first) first.focus();
}

async function walkFrom(level, offset = 0) {
  app.levels = app.levels.slice(0, level);
  let result;
  try {
    result = await rpc("options", { digest: app.digest, card: app.card, chosen: chosenUpTo(level), offset, limit: OPTIONS_PAGE });
  } catch (error) {
    $("tree").replaceChildren(el("li", { class: "error" }, `${nameOf(app.card)}: ${error.message}`));
    $("done").replaceChildren();
    return;
  }
  app.levels.push({ result, picked: undefined });
  drawTree();
}

// what each prompt asks, as docs/actions.md names it (CR 601.2a-h)
const PROMPTS = {
  halves: "the half or face cast",
  prototyped: "cast it prototyped?",
  zone: "the zone cast from",
  without_paying_mana_cost: "without paying its mana cost?",
  alternative_cost: "the alternative cost",
  modes: "the modes",
  splice_set: "the cards spliced",
  additional_costs: "the optional costs paid",
  gift_recipient: "the opponent promised the gift",
  x: "the value of X",
  splices: "the order of the spliced texts",
  discards: "the cards discarded",
  sacrifices: "the permanents sacrificed",
  exiles: "the cards exiled",
  taps: "the permanents tapped",
  returns: "the permanents returned",
};

function promptLabel(result) {
  const name = result.prompt;
  const phrase = result.instance && result.instance.phrase ? `"${result.instance.phrase}"` : "";
  let gloss = PROMPTS[name] || "";
  if (name.startsWith("target_")) gloss = `the targets of ${phrase}`;
  if (name.startsWith("division_")) gloss = `how ${phrase} divides`;
  return gloss ? `${name}: ${gloss}` : name;
}

function showValue(prompt, value) {
  if (value === null || value === undefined) return prompt === "alternative_cost" ? "the mana cost" : "none";
  if (prompt === "modes" && Array.isArray(value)) return value.length ? `mode ${value.map((m) => m + 1).join(" + ")}` : "no mode";
  if (Array.isArray(value)) {
    if (!value.length) return "none";
    return value.map((v) => (typeof v === "string" ? nameOf(v) : JSON.stringify(v))).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function drawTree() {
  const tree = $("tree");
  tree.replaceChildren();
  const done = $("done");
  done.replaceChildren();
  tree.append(el("li", {}, el("span", { class: "prompt-name" }, `${nameOf(app.card)} (${app.card})`), `: ${plural(app.levels[0].result.count, "legal cast")}`));
  app.levels.forEach((step, level) => {
    const result = step.result;
    const forced = result.forced.length
      ? el("div", { class: "forced" }, `forced: ${result.forced.map((f) => `${f.prompt} = ${showValue(f.prompt, f.value)}`).join("; ")}`)
      : null;
    if (result.prompt === null) {
      if (forced) tree.append(el("li", {}, forced));
      if (result.cast) showDone(result);
      else done.replaceChildren(el("p", {}, `${nameOf(app.card)} has no legal cast: "Explain the card" under Why not says why.`));
      return;
    }
    const headingId = `prompt-${level}`;
    const options = el("ul", { class: "options", "aria-labelledby": headingId });
    for (const option of result.options) {
      const picked = step.picked !== undefined && JSON.stringify(step.picked) === JSON.stringify(option.value);
      const label = `${showValue(result.prompt, option.value)}: ${plural(option.count, "cast")}`;
      options.append(
        el("li", {}, el("button", { type: "button", "aria-pressed": picked ? "true" : "false", "data-value": JSON.stringify(option.value), onclick: () => pick(level, option.value) }, label)),
      );
    }
    const more = [];
    if (result.offset > 0) more.push(el("button", { type: "button", onclick: () => walkFrom(level, Math.max(0, result.offset - OPTIONS_PAGE)) }, "Earlier options"));
    if (result.offset + result.options.length < result.options_total) {
      more.push(el("button", { type: "button", onclick: () => walkFrom(level, result.offset + OPTIONS_PAGE) }, "More options"));
    }
    const range = result.options_total > result.options.length ? ` (options ${result.offset + 1}-${result.offset + result.options.length} of ${result.options_total})` : "";
    tree.append(
      el(
        "li",
        { "data-prompt": result.prompt },
        el("span", { class: "prompt-name", id: headingId }, promptLabel(result)),
        `: ${plural(result.count, "cast")} left${range}`,
        forced,
        options,
        more.length ? el("div", { class: "row controls" }, ...more) : null,
      ),
    );
  });
}

async function pick(level, value) {
  app.levels = app.levels.slice(0, level + 1);
  app.levels[level].picked = value;
  await walkFrom(level + 1);
  // the keyboard goes on where the walk does: the next prompt's first option, or the cast's check
  const last = $("tree").lastElementChild;
  const next = last && last.dataset.prompt ? last.querySelector(".options button") : $("check-done");
  if (next) next.focus();
}

function castSummary(cast) {
  const parts = [];
  if (cast.halves && cast.halves.length) parts.push(`as ${cast.halves.join(" // ")}`);
  if (cast.zone && cast.zone !== "hand") parts.push(`from ${cast.zone}`);
  if (cast.alternative_cost) parts.push(`for ${cast.alternative_cost}`);
  if (cast.modes && cast.modes.length) parts.push(`modes ${cast.modes.map((m) => m + 1).join(", ")}`);
  if (cast.x !== undefined && cast.x !== null) parts.push(`X=${cast.x}`);
  if (cast.splices && cast.splices.length) parts.push(`splicing ${cast.splices.map(nameOf).join(", ")}`);
  for (const t of cast.targets || []) parts.push(`${t.phrase || "target"}: ${t.targets.map(nameOf).join(", ")}`);
  for (const field of ["discards", "sacrifices", "exiles", "taps", "returns"]) {
    if (cast[field] && cast[field].length) parts.push(`${field} ${cast[field].map(nameOf).join(", ")}`);
  }
  if (cast.without_paying_mana_cost) parts.push("without paying its mana cost");
  return parts.join("; ") || "no choice";
}

function showDone(result) {
  const cast = result.cast;
  $("done").replaceChildren(
    el("h3", {}, "The cast"),
    el(
      "p",
      { id: "done-summary" },
      `${cast.name}: ${castSummary(cast)}. Total cost `,
      el("strong", { id: "done-cost" }, cast.total_cost),
      ` (mana value ${cast.mana_value}), action id ${result.action_id}.`,
    ),
    el("div", { id: "done-payments", "aria-live": "polite" }),
    el("details", {}, el("summary", {}, "The cast as JSON"), el("pre", { id: "done-json" }, JSON.stringify(cast, null, 1))),
    el("div", { class: "row controls" },
      el("button", { type: "button", id: "check-done", onclick: () => useCast(cast, true) }, "Check this cast"),
      el("button", { type: "button", onclick: () => useCast(cast, false) }, "Change it (why not)"),
    ),
  );
  showPayments(cast);
}

// how a cast can be paid: the service's payments, the default first (CR 601.2g-h)
function paymentText(payment) {
  const parts = payment.mana.map((use) => {
    if (use.source === null) return `${use.adds} from the pool`;
    const how = use.consumed ? ", sacrificed" : use.taps ? ", tapped" : "";
    return `${nameOf(use.source)} (${use.source}): ${use.adds}${use.activation ? ` for ${use.activation}` : ""}${how}`;
  });
  if (payment.life) parts.push(`${payment.life} life`);
  if (payment.left) parts.push(`${payment.left} left in the pool`);
  return parts.join("; ") || "nothing to pay";
}

async function showPayments(cast) {
  const box = $("done-payments");
  try {
    const { payments, more } = await rpc("payments", { digest: app.digest, cast });
    box.replaceChildren(
      el("h4", { id: "payments-h" }, "How it can be paid"),
      el("ol", { id: "payment-list", "aria-labelledby": "payments-h" },
        ...payments.map((payment, index) => el("li", {}, paymentText(payment), index === 0 ? " (the default)" : ""))),
      ...(more ? [el("p", {}, "and more ways")] : []),
    );
  } catch (error) {
    box.replaceChildren(el("p", { id: "payment-list" }, `How it is paid can't be shown: ${error.message}`));
  }
}

// --- the cast list ---

function fillListCards() {
  const select = $("list-card");
  select.replaceChildren(el("option", { value: "" }, "every card"));
  for (const id of app.castable) select.append(el("option", { value: id }, `${nameOf(id)} (${id})`));
}

async function listCard(id) {
  $("list-card").value = id;
  app.listOffset = 0;
  await showList();
  $("list-h").scrollIntoView();
  $("list-card").focus();
}

async function showList() {
  const card = $("list-card").value || undefined;
  const params = { digest: app.digest, offset: app.listOffset, limit: PAGE };
  if (card) params.card = card;
  const body = $("cast-table").querySelector("tbody");
  let page;
  try {
    page = await rpc("casts", params);
  } catch (error) {
    body.replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "error" }, error.message)));
    return;
  }
  app.listCount = page.count;
  body.replaceChildren();
  for (const item of page.casts) {
    body.append(
      el(
        "tr",
        { "data-action": item.action_id },
        el("td", { class: "num" }, item.action_id),
        el("td", {}, item.cast.name),
        el("td", {}, item.cast.total_cost),
        el("td", {}, castSummary(item.cast)),
        el("td", {}, el("button", { type: "button", "aria-label": `Check cast ${item.action_id}`, onclick: () => useCast(item.cast, true) }, "Check")),
      ),
    );
  }
  const last = Math.min(page.count, app.listOffset + page.casts.length);
  $("list-range").textContent = page.count ? `casts ${app.listOffset + 1}-${last} of ${page.count.toLocaleString("en")}` : "no legal cast";
  $("list-prev").disabled = app.listOffset === 0;
  $("list-next").disabled = last >= page.count;
  filterList();
}

function filterList() {
  const words = $("list-filter").value.trim().toLowerCase();
  for (const row of $("cast-table").querySelectorAll("tbody tr")) {
    row.hidden = words !== "" && !row.textContent.toLowerCase().includes(words);
  }
}

// --- why not ---

function useCast(cast, checkNow) {
  $("cast-json").value = JSON.stringify(cast, null, 1);
  drawRetarget(cast);
  $("whynot-h").scrollIntoView();
  if (checkNow) checkCast();
}

function drawRetarget(cast) {
  const root = $("retarget");
  root.replaceChildren();
  if (!cast.targets || !cast.targets.length) return;
  const everyone = [...app.board.players.map((p) => p.id), ...app.board.objects.map((o) => o.id)];
  cast.targets.forEach((instance, index) => {
    const id = `retarget-${index}`;
    const select = el("select", { id, "data-instance": index });
    for (const who of everyone) {
      select.append(el("option", { value: who, selected: instance.targets.length === 1 && instance.targets[0] === who }, described(who)));
    }
    select.addEventListener("change", () => {
      const edited = JSON.parse($("cast-json").value);
      edited.targets[index].targets = [select.value];
      $("cast-json").value = JSON.stringify(edited, null, 1);
    });
    root.append(el("div", { class: "row controls" }, el("label", { for: id }, `Target of "${instance.phrase || "target"}" (instance ${index})`), select));
  });
}

async function checkCast() {
  const verdict = $("verdict");
  let cast;
  try {
    cast = JSON.parse($("cast-json").value);
  } catch (error) {
    verdict.replaceChildren(el("p", { class: "error" }, `The cast is not JSON: ${error.message}`));
    return;
  }
  try {
    const result = await rpc("check", { digest: app.digest, cast });
    if (result.legal) {
      verdict.replaceChildren(el("p", { id: "verdict-line" }, el("span", { class: "legal" }, "Legal"), `: action id ${result.action_id} of the position.`));
      if (result.notes.length) verdict.append(el("ul", {}, ...result.notes.map((n) => el("li", {}, n))));
    } else {
      verdict.replaceChildren(
        el("p", { id: "verdict-line" }, el("span", { class: "illegal" }, "Illegal"), `: ${plural(result.reasons.length, "reason")}.`),
        el("ul", { class: "reasons" }, ...result.reasons.map((r) => el("li", {}, el("span", { class: "rule" }, r.rule), ` ${r.message}`))),
      );
    }
  } catch (error) {
    verdict.replaceChildren(el("p", { class: "error" }, error.message));
  }
}

async function explainCard() {
  let card = app.card;
  try {
    card = JSON.parse($("cast-json").value).card || card;
  } catch (error) {
    // no cast written: the card being walked
  }
  const verdict = $("verdict");
  if (!card) {
    verdict.replaceChildren(el("p", {}, "Pick a card first."));
    return;
  }
  try {
    const result = await rpc("explain", { digest: app.digest, card });
    const lines = result.explanations.flatMap((e) => e.lines);
    verdict.replaceChildren(el("h3", {}, `What ${nameOf(card)} can't choose, and why`), el("pre", {}, lines.join("\n") || "Nothing is ruled out."));
  } catch (error) {
    verdict.replaceChildren(el("p", { class: "error" }, error.message));
  }
}

// --- the graph ---

async function showGraph() {
  const root = $("graph");
  try {
    const graph = await rpc("interactions", { digest: app.digest });
    drawInteractions(root, $("graph-detail"), graph);
  } catch (error) {
    root.replaceChildren(el("p", { class: "error" }, error.message));
  }
}

// --- a position built from card names ---

const built = []; // [{name, player, zone, tapped}]

function drawBuilt() {
  const list = $("build-list");
  list.replaceChildren();
  built.forEach((card, index) => {
    const what = `${card.name}: ${card.player}'s ${card.zone}${card.tapped ? ", tapped" : ""}`;
    list.append(
      el("li", {}, what, " ", el("button", { type: "button", "aria-label": `Remove ${what}`, onclick: () => {
        built.splice(index, 1);
        drawBuilt();
      } }, "Remove")),
    );
  });
  $("build-load").disabled = built.length === 0;
}

function builtState() {
  const objects = built.map((card, index) => {
    const object = { id: `c${index + 1}`, card: card.name, zone: card.zone };
    if (card.zone === "battlefield") {
      object.controller = card.player;
      object.tapped = card.tapped;
    } else object.owner = card.player;
    return object;
  });
  return { players: ["P1", "P2"], active_player: "P1", priority: "P1", phase: $("build-phase").value, objects };
}

// --- wiring ---

function wire() {
  $("path-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const path = $("path").value.trim();
    if (path) loadPath(path);
  });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    if (file.name.toLowerCase().endsWith(".pzl")) {
      await loadData(null, file.name, await file.text());
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (error) {
      $("load-error").textContent = `${file.name}: not JSON (${error.message}); a state file is JSON`;
      return;
    }
    await loadData(data, file.name);
  });
  $("build-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const name = $("build-name").value.trim();
    if (!name) return;
    built.push({ name, player: $("build-player").value, zone: $("build-zone").value, tapped: $("build-tapped").checked });
    $("build-name").value = "";
    drawBuilt();
    $("build-name").focus();
  });
  $("build-load").addEventListener("click", () => loadData(builtState(), "the position built"));
  drawBuilt();
  $("list-card").addEventListener("change", () => {
    app.listOffset = 0;
    showList();
  });
  $("list-prev").addEventListener("click", () => {
    app.listOffset = Math.max(0, app.listOffset - PAGE);
    showList();
  });
  $("list-next").addEventListener("click", () => {
    app.listOffset += PAGE;
    showList();
  });
  $("list-filter").addEventListener("input", filterList);
  $("check").addEventListener("click", checkCast);
  $("explain").addEventListener("click", explainCard);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hideTip();
  });
}

async function start() {
  wire();
  const query = new URLSearchParams(window.location.search);
  try {
    if (query.get("digest")) await showPosition(query.get("digest"), query.get("name") || "the state");
    else if (query.get("path")) {
      $("path").value = query.get("path");
      await loadPath(query.get("path"));
    } else status("Load a state file to begin.");
  } catch (error) {
    $("load-error").textContent = error.message;
    status("The state did not load.");
  }
}

start();
