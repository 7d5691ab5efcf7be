// The table drawn from above, from one state (view.TableView.state()): a view is a
// function of the state, redrawn whole on every update, so a late joiner or a
// reconnect sees the same picture. Used by the live board and by the replay.
"use strict";

const SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};
const SUIT_WORDS = {S: "spades", H: "hearts", D: "diamonds", C: "clubs", none: "no trump"};

function el(tag, attrs, ...children) {
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

function cardText(code) {
  if (!code) return "";
  return code.slice(0, -1) + (SUITS[code.slice(-1)] || code.slice(-1));
}

function cardEl(code, extra) {
  if (!code) return el("div", {class: "card empty" + (extra ? " " + extra : "")}, "");
  const suit = code.slice(-1);
  const red = suit === "H" || suit === "D";
  return el("div", {class: "card" + (red ? " red" : "") + (extra ? " " + extra : ""), "data-card": code},
            el("span", {class: "rank"}, code.slice(0, -1)), el("span", {class: "suit"}, SUITS[suit] || suit));
}

function teamOf(state, seat) {
  const teams = state.teams || [[0, 2], [1, 3]];
  for (let t = 0; t < teams.length; t++) if (teams[t].includes(seat)) return t;
  return seat % 2;
}

function teamName(state, t) {
  const teams = state.teams || [[0, 2], [1, 3]];
  if (teams.length > 2 || (teams[t] && teams[t].length === 1)) return "seat " + teams[t].join("+");
  return "team " + t + " (seats " + (teams[t] || []).join("+") + ")";
}

function byseat(trick) {
  const out = {};
  if (trick) for (const [seat, card] of trick.cards) out[seat] = card;
  return out;
}

function describeViolation(v) {
  let text = "seat " + v.seat + " played " + cardText(v.card) + " in trick " + v.trick + ": " + v.rule;
  const p = v.proof;
  if (v.proven === "at-play" || !p) text += ", certain at the play";
  else if (p.shown) text += ", proven by the cards shown in trick " + p.trick;
  else text += ", proven in trick " + p.trick + " by " + cardText(p.card);
  if (v.revises) text += " (named at the hand's end; the proof alone said " + v.revises + ")";
  else if (v.possible && v.possible.length > 1) text += " (the proof leaves possible: " + v.possible.join(", ") + ")";
  return text;
}

function describeClaim(c) {
  if (c.call === "concede") return "seat " + c.seat + " conceded the last " + c.tricks + " trick(s)";
  const ruling = c.sound === true ? "sound" : c.sound === false ? "REFUSED" : "too large to settle";
  let text = "seat " + c.seat + " claimed the last " + c.tricks + " trick(s): " + ruling;
  if (c.sound === false && c.line) text += " (defeated by the line " + c.line.map(cardText).join(" ") + ")";
  return text;
}

function contextValue(v) {
  if (Array.isArray(v)) return v.map(x => typeof x === "object" ? JSON.stringify(x) : String(x)).join(", ");
  if (v && typeof v === "object") return Object.entries(v).map(([k, x]) => k + "=" + x).join(", ");
  return String(v);
}

// Seat s of n sits at angle s/n of a turn, clockwise seen from above, seat 0 nearest
// the screen's bottom edge (seats are numbered clockwise: PROTOCOL.md).
function seatPlace(s, n) {
  const a = 2 * Math.PI * s / n;
  return {x: 50 - 39 * Math.sin(a), y: 50 + 32 * Math.cos(a)};
}

function drawBoard(root, s, opts) {
  opts = opts || {};
  root.replaceChildren();
  root.setAttribute("data-seq", s.seq === null || s.seq === undefined ? "" : String(s.seq));
  root.setAttribute("data-events", String(s.events || 0));
  if (!s.game) {
    root.append(el("div", {class: "waiting", id: "waiting"}, opts.waiting || "no match yet: waiting for the table"));
    return;
  }
  const n = s.seats || 4;
  const trick = s.trick;
  const cards = byseat(trick);
  const last = s.last;
  const lastCards = byseat(last);
  const showLast = !trick || trick.cards.length === 0;   // between tricks: the last one stays in view
  const felt = el("div", {class: "felt", id: "felt"});
  for (let seat = 0; seat < n; seat++) {
    const p = seatPlace(seat, n);
    const turn = s.turn === seat || (s.awaiting || []).includes(seat) && s.turn === null;
    const team = teamOf(s, seat);
    let card = cards[seat] || null;
    let cls = "";
    if (!card && showLast && last && lastCards[seat]) { card = lastCards[seat]; cls = "from-last"; }
    if (card && last && showLast && last.winner === seat && cls === "from-last") cls += " won";
    const bad = (s.violations || []).some(v => v.hand === s.hand && trick && v.trick === trick.n && v.seat === seat);
    const box = el("div", {class: "seat team" + team + (turn ? " turn" : "") + (s.dealer === seat ? " dealer" : ""),
                           id: "seat-" + seat, "data-card": cards[seat] || "", "data-turn": turn ? "1" : "0",
                           style: "left:" + p.x + "%;top:" + p.y + "%"},
                   el("div", {class: "name"}, "seat " + seat + (s.dealer === seat ? " · dealer" : "")),
                   cardEl(card, cls + (bad ? " bad" : "")));
    felt.append(box);
  }
  const centre = el("div", {class: "centre"},
    el("div", {class: "trump", id: "trump", "data-suit": s.trump || ""},
       el("span", {class: "big" + (s.trump === "H" || s.trump === "D" ? " red" : "")}, SUITS[s.trump] || (s.trump === "none" ? "–" : "?")),
       el("span", {class: "word"}, "trump " + (SUIT_WORDS[s.trump] || "not yet"))),
    el("div", {class: "trickno", id: "trickno", "data-n": trick ? String(trick.n) : ""},
       "hand " + s.hand + (trick ? " · trick " + trick.n : "")),
    s.turnup ? el("div", {class: "turnup"}, "turn-up ", cardText(s.turnup)) : null);
  felt.append(centre);
  root.append(felt);

  const side = el("div", {class: "side"});
  const opt = Object.entries(s.options || {}).map(([k, v]) => k + "=" + v).join(", ");
  side.append(el("div", {class: "game", id: "game"}, s.game, opt ? el("span", {class: "opts"}, " " + opt) : null));
  const scores = el("div", {class: "scores", id: "scores"});
  (s.totals || []).forEach((t, i) => scores.append(
    el("div", {class: "score team" + i, id: "score-" + i, "data-total": String(t)},
       el("span", {class: "who"}, teamName(s, i)), el("span", {class: "pts"}, String(t)))));
  side.append(scores);
  side.append(el("div", {class: "turnline", id: "turn", "data-seat": s.turn === null || s.turn === undefined ? "" : String(s.turn)},
                 s.turn !== null && s.turn !== undefined ? "to play: seat " + s.turn
                 : (s.awaiting && s.awaiting.length ? "waiting for seat " + s.awaiting.join(", ") : (s.over ? "match over" : "–"))));
  const ctx = s.context || {};
  const keys = Object.keys(ctx).sort();
  if (keys.length) {
    const box = el("dl", {class: "context", id: "context"});
    for (const k of keys) {
      box.append(el("dt", {}, k), el("dd", {"data-key": k}, contextValue(ctx[k])));
    }
    side.append(box);
  }
  if (last) {
    const lt = el("div", {class: "last", id: "last", "data-n": String(last.n), "data-winner": String(last.winner)},
                  el("div", {class: "label"}, "last trick " + last.n + (last.winner !== null ? " · won by seat " + last.winner : " · drawn")));
    const row = el("div", {class: "lastcards"});
    for (let seat = 0; seat < n; seat++) {
      row.append(el("div", {class: "lastseat" + (seat === last.winner ? " won" : ""), "data-seat": String(seat), "data-card": lastCards[seat] || ""},
                    el("span", {class: "who"}, "s" + seat), el("span", {class: "c " + ((lastCards[seat] || "").match(/[HD]$/) ? "red" : "")}, cardText(lastCards[seat]))));
    }
    lt.append(row);
    side.append(lt);
  }
  const res = (s.hand_results || []).slice(-1)[0];
  if (res) side.append(el("div", {class: "handres", id: "handres"}, "hand " + res.hand + ": points " + (res.points || []).join(" / ") + ", score " + (res.score || []).join(" / ")));
  const vs = s.violations || [];
  if (vs.length) {
    const box = el("div", {class: "violations", id: "violations"});
    for (const v of vs.slice(-3)) box.append(el("div", {class: "violation"}, "VIOLATION ", describeViolation(v)));
    side.append(box);
  }
  for (const c of (s.claims || []).slice(-2)) side.append(el("div", {class: "claim"}, "CLAIM ", describeClaim(c)));
  for (const g of (s.gaps || [])) side.append(el("div", {class: "gap"}, "LOST seq " + g.from + ".." + g.to + " (left the controller's ring)"));
  if (s.result) {
    const w = s.result.winner;
    side.append(el("div", {class: "result", id: "result"}, "MATCH OVER: " + (w !== null ? teamName(s, w) + " wins" : "no winner") +
                   ", totals " + (s.result.totals || []).join(" / ") + " (" + s.result.reason + ")"));
  }
  root.append(side);
}
