// The room board drawn from the room's summary (room_server.RoomBoard.summary): a card
// per table (game, round, hand, score, whose turn, last violation), each a link to that
// table's board, and the standings per round. Redrawn whole on every push.
// Its words go through board.js's _() and fmt() (the page's catalogue, WORDS); a
// count is said as "label: n" (the pages have no plural forms: i18n.words).
"use strict";

// The page's ?lang= (a chosen language), carried by its own requests to the server.
function langQuery() {
  const lang = new URLSearchParams(location.search).get("lang");
  return lang ? "?lang=" + encodeURIComponent(lang) : "";
}

function rel(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined) continue;
    if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return e;
}

function teamLabel(t, i) {
  return (t.teams && t.teams[i]) || fmt(_("team %(team)s"), {team: i});
}

function tableCard(t) {
  const totals = t.totals || [];
  const score = rel("div", {class: "score"});
  totals.forEach((v, i) => score.append(
    rel("span", {class: "side side" + i + (t.over && t.winner === i ? " won" : "")},
        rel("span", {class: "who"}, teamLabel(t, i)), rel("b", {}, v))));
  const lines = [
    rel("div", {class: "head"}, rel("span", {class: "name"}, t.table),
        rel("span", {class: "game"}, t.game || _("no match yet"))),
    rel("div", {class: "where"}, fmt(_("round %(round)s"), {round: t.round ?? "?"}) + " · " +
                                 fmt(_("hand %(hand)s"), {hand: t.hand ?? "-"})),
    score,
  ];
  // the house-rule profile the match is played under, and its version (docs/profiles.md)
  if (t.profile) lines.splice(2, 0, rel("div", {class: "profile"}, t.profile));
  if (t.over && t.ended) {
    lines.push(rel("div", {class: "turn over"}, t.ended));    // duplicate: the session's boards played
  } else if (t.over) {
    lines.push(rel("div", {class: "turn over"},
      t.winner === null || t.winner === undefined ? _("match over: no winner")
        : fmt(_("match over: %(team)s wins"), {team: teamLabel(t, t.winner)})));
  } else if (t.turn !== null && t.turn !== undefined) {
    // the player by name (server.table_summary's player), "seat 2" only when unnamed
    lines.push(rel("div", {class: "turn"}, fmt(_("to play: %(player)s"),
                                               {player: t.player || fmt(_("seat %(seat)s"), {seat: t.turn})})));
  } else {
    lines.push(rel("div", {class: "turn idle"}, _("between plays")));
  }
  if (t.violation) lines.push(rel("div", {class: "violation"}, "⚠ " + t.violation));
  for (const m of t.misboards || []) lines.push(rel("div", {class: "misboard"}, _("MISBOARDED") + " " + m));
  // a hand score the room's audit does not agree with (the server words it)
  for (const d of t.disputes || []) lines.push(rel("div", {class: "misboard dispute"}, "≠ " + d));
  if (t.waiting_for !== null && t.waiting_for !== undefined)
    lines.push(rel("div", {class: "gap"}, fmt(_("asking the table again from seq %(seq)s"), {seq: t.waiting_for})));
  // the evening's counters: kept across matches (room_server.table_summary)
  if (t.lost) lines.push(rel("div", {class: "gap"}, fmt(_("LOST lines: %(n)s"), {n: t.lost})));
  if (t.rejected) lines.push(rel("div", {class: "gap", title: t.last_rejected || ""},
                                 fmt(_("REJECTED lines: %(n)s"), {n: t.rejected}) + (t.last_rejected ? " (" + t.last_rejected + ")" : "")));
  if (t.resent) lines.push(rel("div", {class: "counts"}, fmt(_("asked again: %(n)s"), {n: t.resent})));
  if (t.run) lines.push(rel("div", {class: "counts"}, fmt(_("restarts: %(n)s"), {n: t.run})));
  return rel("a", {class: "table" + (t.over ? " done" : ""), href: "/table/" + encodeURIComponent(t.table) + langQuery(),
                   "data-table": t.table}, ...lines);
}

function drawRoom(tablesEl, summary) {
  tablesEl.replaceChildren(...summary.tables.map(tableCard));
  if (!summary.tables.length) tablesEl.append(rel("div", {class: "empty"}, _("no table has published yet")));
}

function drawStandings(el, st) {
  if (st.event) { el.replaceChildren(...drawEvent(st.event)); return; }
  const parts = [rel("h2", {}, _("Standings"))];
  const teams = rel("table", {class: "teams"},
    rel("tr", {}, rel("th", {}, _("team")), rel("th", {}, _("played")), rel("th", {}, _("won"))));
  for (const r of st.teams) teams.append(rel("tr", {}, rel("td", {}, r.team), rel("td", {}, r.played), rel("td", {}, r.won)));
  parts.push(teams);
  for (const rnd of st.rounds) {
    parts.push(rel("h3", {}, fmt(_("Round %(round)s"), {round: rnd.round ?? "?"})));
    // duplicate play: the round's results sheet (the server words the link)
    if (rnd.sheet) parts.push(rel("p", {class: "sheet"}, rel("a", {href: rnd.sheet.href}, rnd.sheet.text)));
    const t = rel("table", {class: "round", "data-round": rnd.round},
      rel("tr", {}, rel("th", {}, _("table")), rel("th", {}, _("game")), rel("th", {}, _("result"))));
    for (const m of rnd.matches) {
      const score = (m.totals || []).map((v, i) => (m.teams[i] || fmt(_("team %(team)s"), {team: i})) + " " + v).join(" · ");
      const res = m.ended ? m.ended + ": " + score
                : m.over ? (m.winner === null ? fmt(_("no winner: %(score)s"), {score: score})
                                              : fmt(_("won by %(team)s: %(score)s"), {team: m.teams[m.winner], score: score}))
                         : fmt(_("playing: %(score)s"), {score: score});
      t.append(rel("tr", {}, rel("td", {}, m.table), rel("td", {}, m.game || ""), rel("td", {}, res)));
    }
    parts.push(t);
  }
  if (st.records) parts.push(rel("p", {class: "sheet"}, rel("a", {href: st.records.href}, st.records.text)));
  el.replaceChildren(...parts);
}

function connectRoom(tablesEl, standingsEl, titleEl, statusEl) {
  let finished = -1;
  const refresh = () => fetch("/standings" + langQuery()).then((r) => r.json()).then((st) => drawStandings(standingsEl, st));
  const es = new EventSource("/events" + langQuery());
  // a page left (a table opened, another language) closes its stream at once: the
  // browser holds six connections to the room, and a director clicks through tables
  addEventListener("pagehide", () => es.close());
  es.onmessage = (m) => {
    const summary = JSON.parse(m.data);
    titleEl.textContent = fmt(_("Room %(room)s"), {room: summary.room});
    document.title = "tapete: " + titleEl.textContent;
    drawRoom(tablesEl, summary);
    const e = summary.evening || {};
    const evening = (e.lost || e.rejected || e.asked)
      ? " · " + fmt(_("tonight: lost %(lost)s, rejected %(rejected)s, asked again %(asked)s"),
                    {lost: e.lost || 0, rejected: e.rejected || 0, asked: e.asked || 0}) : "";
    statusEl.textContent = fmt(_("tables: %(n)s"), {n: summary.tables.length}) + evening + (summary.note ? " · " + summary.note : "");
    statusEl.className = "status";
    const over = summary.tables.filter((t) => t.over).length;
    if (over !== finished) { finished = over; refresh(); }
  };
  es.onerror = () => { statusEl.textContent = _("connection to the room lost: retrying"); statusEl.className = "status down"; };
  setInterval(refresh, 10000);      // a new round's matches, hands scored
}

// An event's standings (tapete room serve --event: event/board.py): the ranking with its
// tie-breaks, each round's pairings with its results as they land, the corrections; the
// words come translated from the server (the browser's language).
function drawEvent(ev) {
  const w = ev.words;
  const fill = (text, args) => text.replace(/%\((\w+)\)s/g, (_m, k) => args[k]);
  const parts = [rel("h2", {}, w.event + ": " + ev.name),
                 rel("a", {href: "/director", class: "director"}, "→ /director")];
  if (ev.ranking.length) {
    parts.push(rel("h3", {}, w.ranking));
    const t = rel("table", {class: "ranking"}, rel("tr", {}, ...ev.columns.map((c) => rel("th", {}, c))));
    for (const r of ev.ranking) t.append(rel("tr", {}, rel("td", {}, r.place), rel("td", {class: "name"}, r.name),
                                             ...r.cells.map((c) => rel("td", {}, c))));
    parts.push(t);
  }
  for (const rnd of ev.rounds) {
    let head = fill(w.round, {round: rnd.round});
    if (rnd.ends) head += " · " + fill(w.ends, {time: rnd.ends, left: rnd.left_min});
    parts.push(rel("h3", {}, head));
    const t = rel("table", {class: "round", "data-round": rnd.round},
      rel("tr", {}, rel("th", {}, w.table), rel("th", {}, "A"), rel("th", {}, "B"), rel("th", {}, w.result)));
    for (const x of rnd.tables)
      t.append(rel("tr", {class: x.state}, rel("td", {}, x.table), rel("td", {class: "name"}, x.a),
                   rel("td", {class: "name"}, x.b),
                   rel("td", {}, (x.score ? x.score.join("-") + " " : "") + "(" + w[x.state] + ")")));
    parts.push(t);
    for (const b of rnd.byes) parts.push(rel("p", {}, fill(w.bye, {name: b})));
  }
  if (ev.corrections.length) {
    parts.push(rel("h3", {}, w.corrections));
    for (const c of ev.corrections) parts.push(rel("p", {class: "correction"}, c));
  }
  return parts;
}
