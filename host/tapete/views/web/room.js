// The room board drawn from the room's summary (room_server.RoomBoard.summary): a card
// per table (game, round, hand, score, whose turn, last violation), each a link to that
// table's board, and the standings per round. Redrawn whole on every push.
"use strict";

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
  return (t.teams && t.teams[i]) || ("team " + i);
}

function tableCard(t) {
  const totals = t.totals || [];
  const score = rel("div", {class: "score"});
  totals.forEach((v, i) => score.append(
    rel("span", {class: "side side" + i + (t.over && t.winner === i ? " won" : "")},
        rel("span", {class: "who"}, teamLabel(t, i)), rel("b", {}, v))));
  const lines = [
    rel("div", {class: "head"}, rel("span", {class: "name"}, t.table),
        rel("span", {class: "game"}, t.game || "no match yet")),
    rel("div", {class: "where"}, "round " + (t.round ?? "?") + " · hand " + (t.hand ?? "-")),
    score,
  ];
  if (t.over && t.ended) {
    lines.push(rel("div", {class: "turn over"}, t.ended));    // duplicate: the session's boards played
  } else if (t.over) {
    lines.push(rel("div", {class: "turn over"},
      t.winner === null || t.winner === undefined ? "match over: no winner" : "match over: " + teamLabel(t, t.winner) + " wins"));
  } else if (t.turn !== null && t.turn !== undefined) {
    lines.push(rel("div", {class: "turn"}, "seat " + t.turn + " to play"));
  } else {
    lines.push(rel("div", {class: "turn idle"}, "between plays"));
  }
  if (t.violation) lines.push(rel("div", {class: "violation"}, "⚠ " + t.violation));
  for (const m of t.misboards || []) lines.push(rel("div", {class: "misboard"}, "MISBOARDED " + m));
  // a hand score the room's audit does not agree with (the server words it)
  for (const d of t.disputes || []) lines.push(rel("div", {class: "misboard dispute"}, "≠ " + d));
  if (t.waiting_for !== null && t.waiting_for !== undefined)
    lines.push(rel("div", {class: "gap"}, "asking the table again from seq " + t.waiting_for));
  // the evening's counters: kept across matches (room_server.table_summary)
  if (t.lost) lines.push(rel("div", {class: "gap"}, "LOST " + t.lost + " line(s)"));
  if (t.rejected) lines.push(rel("div", {class: "gap", title: t.last_rejected || ""},
                                 "REJECTED " + t.rejected + " line(s)" + (t.last_rejected ? ": " + t.last_rejected : "")));
  if (t.resent) lines.push(rel("div", {class: "counts"}, "asked again " + t.resent + " time(s)"));
  if (t.run) lines.push(rel("div", {class: "counts"}, "restarted " + t.run + " time(s)"));
  return rel("a", {class: "table" + (t.over ? " done" : ""), href: "/table/" + encodeURIComponent(t.table),
                   "data-table": t.table}, ...lines);
}

function drawRoom(tablesEl, summary) {
  tablesEl.replaceChildren(...summary.tables.map(tableCard));
  if (!summary.tables.length) tablesEl.append(rel("div", {class: "empty"}, "no table has published yet"));
}

function drawStandings(el, st) {
  const parts = [rel("h2", {}, "Standings")];
  const teams = rel("table", {class: "teams"},
    rel("tr", {}, rel("th", {}, "team"), rel("th", {}, "played"), rel("th", {}, "won")));
  for (const r of st.teams) teams.append(rel("tr", {}, rel("td", {}, r.team), rel("td", {}, r.played), rel("td", {}, r.won)));
  parts.push(teams);
  for (const rnd of st.rounds) {
    parts.push(rel("h3", {}, "Round " + (rnd.round ?? "?")));
    // duplicate play: the round's results sheet (the server words the link)
    if (rnd.sheet) parts.push(rel("p", {class: "sheet"}, rel("a", {href: rnd.sheet.href}, rnd.sheet.text)));
    const t = rel("table", {class: "round", "data-round": rnd.round},
      rel("tr", {}, rel("th", {}, "table"), rel("th", {}, "game"), rel("th", {}, "result")));
    for (const m of rnd.matches) {
      const score = (m.totals || []).map((v, i) => (m.teams[i] || "team " + i) + " " + v).join(" · ");
      const res = m.ended ? m.ended + ": " + score : m.over ? (m.winner === null ? "no winner: " : "won by " + m.teams[m.winner] + ": ") + score : "playing: " + score;
      t.append(rel("tr", {}, rel("td", {}, m.table), rel("td", {}, m.game || ""), rel("td", {}, res)));
    }
    parts.push(t);
  }
  if (st.records) parts.push(rel("p", {class: "sheet"}, rel("a", {href: st.records.href}, st.records.text)));
  el.replaceChildren(...parts);
}

function connectRoom(tablesEl, standingsEl, titleEl, statusEl) {
  let finished = -1;
  const refresh = () => fetch("/standings").then((r) => r.json()).then((st) => drawStandings(standingsEl, st));
  const es = new EventSource("/events");
  es.onmessage = (m) => {
    const summary = JSON.parse(m.data);
    titleEl.textContent = "Room " + summary.room;
    document.title = "tapete: room " + summary.room;
    drawRoom(tablesEl, summary);
    const e = summary.evening || {};
    const evening = (e.lost || e.rejected || e.asked)
      ? " · tonight: lost " + (e.lost || 0) + ", rejected " + (e.rejected || 0) + ", asked again " + (e.asked || 0) : "";
    statusEl.textContent = summary.tables.length + " tables" + evening + (summary.note ? " · " + summary.note : "");
    statusEl.className = "status";
    const over = summary.tables.filter((t) => t.over).length;
    if (over !== finished) { finished = over; refresh(); }
  };
  es.onerror = () => { statusEl.textContent = "connection to the room lost: retrying"; statusEl.className = "status down"; };
  setInterval(refresh, 10000);      // a new round's matches, hands scored
}
