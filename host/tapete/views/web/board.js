// The table drawn from above, from one state (view.TableView.state()): a view is a
// function of the state, redrawn whole on every update, so a late joiner or a
// reconnect sees the same picture. Used by the live board and by the replay.
"use strict";

const SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};
// The Spanish suits have no letters in Unicode: drawn signs, in the four-colour pack's
// colours (oros gold, copas red, espadas blue, bastos green).
const SPANISH_SIGNS = {
  D: '<svg viewBox="0 0 20 20" class="sign oros"><circle cx="10" cy="10" r="8.5" fill="#e0a800" stroke="#7a5200" stroke-width="1.4"/><circle cx="10" cy="10" r="4" fill="none" stroke="#7a5200" stroke-width="1.4"/></svg>',
  H: '<svg viewBox="0 0 20 20" class="sign copas"><path d="M3 3h14c0 5-3 8-5.5 8.6V15H15v2H5v-2h3.5v-3.4C6 11 3 8 3 3z" fill="#c0141c"/></svg>',
  S: '<svg viewBox="0 0 20 20" class="sign espadas"><path d="M10 1l2 3v9h3v1.6h-3.4V17l1 1.5H7.4l1-1.5v-2.4H5V13h3V4z" fill="#1f4fb0"/></svg>',
  C: '<svg viewBox="0 0 20 20" class="sign bastos"><path d="M7 2.5c2.5-1.5 6.5-.5 6.5 2.5 0 1.5-1 2-1.3 3.5L11.8 18H8.2L7.6 8.5C6.5 7 5 5 7 2.5z" fill="#2c7a2c"/><circle cx="9" cy="6" r="1" fill="#9fd49f"/><circle cx="10.6" cy="11" r=".9" fill="#9fd49f"/></svg>',
};
// The number printed on a Spanish card (words.py SPANISH_FACES).
const SPANISH_FACES = {A: "1", J: "10", Q: "11", K: "12"};

// The page's catalogue (web.py puts LANG and WORDS in the page): a message in the
// page's language, or the English msgid when the page has none.
function _(msgid) {
  return (typeof WORDS !== "undefined" && WORDS[msgid]) || msgid;
}
function fmt(text, args) {
  return text.replace(/%\((\w+)\)s/g, (m, k) => (k in args ? String(args[k]) : m));
}

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

function signEl(suit, spanish) {
  const span = el("span", {class: "suit"});
  if (spanish && SPANISH_SIGNS[suit]) span.innerHTML = SPANISH_SIGNS[suit];
  else span.textContent = SUITS[suit] || suit;
  return span;
}

// A card in words, as the server said it for this state (Spanish: "12 oros").
function cardText(code, s) {
  if (!code) return "";
  const said = s && s.said && s.said.cards;
  if (said && said[code]) return said[code];
  return code.slice(0, -1) + (SUITS[code.slice(-1)] || code.slice(-1));
}

function cardEl(code, extra, spanish) {
  if (!code) return el("div", {class: "card empty" + (extra ? " " + extra : "")}, "");
  const suit = code.slice(-1);
  const red = !spanish && (suit === "H" || suit === "D");
  const face = code.slice(0, -1);
  return el("div", {class: "card" + (red ? " red" : "") + (spanish ? " spanish" : "") + (extra ? " " + extra : ""),
                    "data-card": code},
            el("span", {class: "rank"}, spanish ? (SPANISH_FACES[face] || face) : face), signEl(suit, spanish));
}

function teamOf(state, seat) {
  const teams = state.teams || [[0, 2], [1, 3]];
  for (let t = 0; t < teams.length; t++) if (teams[t].includes(seat)) return t;
  return seat % 2;
}

function teamName(state, t) {
  if (state.said && state.said.teams && state.said.teams[t]) return state.said.teams[t];
  const teams = state.teams || [[0, 2], [1, 3]];
  return fmt(_("team %(team)s (seats %(seats)s)"), {team: t, seats: (teams[t] || []).join("+")});
}

function seatText(seat, state) {
  // the player's name when the match gave one (view.spoken's seats), else "seat N"
  const named = state && state.said && state.said.seats;
  if (named && named[seat]) return named[seat];
  return fmt(_("seat %(seat)s"), {seat: seat});
}

// A seat's name box by its longest word (board.css): "long" from 10 letters, "longer"
// from 13, set smaller so a surname fits whole rather than breaking inside it.
function nameClass(text) {
  const longest = Math.max(0, ...String(text).split(/\s+/).map((w) => w.length));
  return longest >= 13 ? "name longer" : longest >= 10 ? "name long" : "name";
}

// view.spoken's seats: each player's name, null for a seat without one.
// A seat in a message ("won by seat %(seat)s"): "2", or "2 (Carme)" (words.seat_ref).
function seatRef(seat, state) {
  const named = state && state.said && state.said.seats;
  const name = named && named[seat];
  return name ? seat + " (" + name + ")" : String(seat);
}

// A last trick's card label: the player's name whole (never cut at eight letters:
// the row wraps instead), or s0 .. s11.
function shortSeat(seat, state) {
  const named = state && state.said && state.said.seats;
  const name = named && named[seat];
  return name || "s" + seat;
}

function byseat(trick) {
  const out = {};
  if (trick) for (const [seat, card] of trick.cards) out[seat] = card;
  return out;
}

// Seat s of n sits at angle s/n of a turn, clockwise seen from above, seat 0 nearest
// the screen's bottom edge (seats are numbered clockwise: docs/protocol.md).
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
    root.append(el("div", {class: "waiting", id: "waiting"}, opts.waiting || _("no match yet: waiting for the table")));
    return;
  }
  const n = s.seats || 4;
  const said = s.said || {};
  const spanish = !!said.spanish;
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
                   el("div", {class: nameClass(seatText(seat, s)), title: seatText(seat, s)}, seatText(seat, s) + (s.dealer === seat ? " · " + _("dealer") : "")),
                   cardEl(card, cls + (bad ? " bad" : ""), spanish));
    felt.append(box);
  }
  const centre = el("div", {class: "centre"},
    el("div", {class: "trump", id: "trump", "data-suit": s.trump || ""},
       s.trump && s.trump !== "none" && spanish ? el("span", {class: "big"}, signEl(s.trump, true))
       : el("span", {class: "big" + (s.trump === "H" || s.trump === "D" ? " red" : "")}, SUITS[s.trump] || (s.trump === "none" || s.trumps === false ? "–" : "?")),
       el("span", {class: "word"}, s.trumps === false ? said.trump
                                   : (said.trump_label || _("trump")) + " " + (s.trump ? (said.trump || s.trump) : _("not yet")))),
    el("div", {class: "trickno", id: "trickno", "data-n": trick ? String(trick.n) : ""},
       fmt(_("hand %(hand)s"), {hand: s.hand}) + (trick ? " · " + fmt(_("trick %(n)s"), {n: trick.n}) : "")),
    s.turnup ? el("div", {class: "turnup"}, fmt(_("turn-up %(card)s"), {card: cardText(s.turnup, s)})) : null);
  felt.append(centre);
  root.append(felt);

  const side = el("div", {class: "side"});
  const opt = said.options || "";
  side.append(el("div", {class: "game", id: "game"}, said.game || s.game, opt ? el("span", {class: "opts"}, " " + opt) : null));
  if (said.profile) side.append(el("div", {class: "profile", id: "profile"}, said.profile));
  const scores = el("div", {class: "scores", id: "scores"});
  (s.totals || []).forEach((t, i) => scores.append(
    el("div", {class: "score team" + i, id: "score-" + i, "data-total": String(t)},
       el("span", {class: "who"}, teamName(s, i)), el("span", {class: "pts"}, String(t)))));
  side.append(scores);
  // The match-over banner under the scores it settles: the side's foot is cut off on a
  // short screen (1280x657: a laptop's browser) when violations and claims fill it.
  if (s.result) side.append(el("div", {class: "result", id: "result"}, said.result));
  side.append(el("div", {class: "turnline", id: "turn", "data-seat": s.turn === null || s.turn === undefined ? "" : String(s.turn)},
                 s.turn !== null && s.turn !== undefined ? fmt(_("to play: %(player)s"), {player: seatText(s.turn, s)})
                 : (s.awaiting && s.awaiting.length ? _("waiting for") + " " + s.awaiting.map(x => seatText(x, s)).join(", ")
                    : (s.over ? _("match over") : "–"))));
  // The hand's context in words (view.spoken): a label and a value per key.
  const ctx = said.context || [];
  if (ctx.length) {
    const box = el("dl", {class: "context", id: "context"});
    for (const [k, label, value] of ctx) box.append(el("dt", {}, label), el("dd", {"data-key": k}, value));
    side.append(box);
  }
  if (last) {
    const lt = el("div", {class: "last", id: "last", "data-n": String(last.n), "data-winner": String(last.winner)},
                  el("div", {class: "label"}, fmt(_("last trick %(n)s"), {n: last.n}) + " · " +
                     (last.winner !== null ? fmt(_("won by seat %(seat)s"), {seat: seatRef(last.winner, s)}) : _("drawn"))));
    const row = el("div", {class: "lastcards"});
    for (let seat = 0; seat < n; seat++) {
      row.append(el("div", {class: "lastseat" + (seat === last.winner ? " won" : ""), "data-seat": String(seat), "data-card": lastCards[seat] || ""},
                    el("span", {class: "who"}, shortSeat(seat, s)), el("span", {class: "c " + (!spanish && (lastCards[seat] || "").match(/[HD]$/) ? "red" : "")}, cardText(lastCards[seat], s))));
    }
    lt.append(row);
    side.append(lt);
  }
  const res = (s.hand_results || []).slice(-1)[0];
  if (res) side.append(el("div", {class: "handres", id: "handres"},
    fmt(_("hand %(hand)s: points %(points)s, score %(score)s"), {hand: res.hand, points: (res.points || []).join(" / "),
                                                                score: (res.score || []).join(" / ")})));
  const vs = s.violations || [];
  if (vs.length) {
    const box = el("div", {class: "violations", id: "violations"});
    const texts = (said.violations || []).slice(-3);
    for (const t of texts) box.append(el("div", {class: "violation"}, _("VIOLATION") + " ", t));
    side.append(box);
  }
  for (const t of (said.claims || []).slice(-2)) side.append(el("div", {class: "claim"}, _("CLAIM") + " ", t));
  // the referee's incident log (views/incidents.py): every irregularity, its ruling and override
  const incidents = (said.incidents || []).slice(-2);
  if (incidents.length) {
    const log = el("div", {class: "incidents", id: "incidents"}, el("div", {class: "label"}, _("Referee's log")));
    for (const t of incidents) log.append(el("div", {class: "incident"}, t));
    side.append(log);
  }
  for (const g of (s.gaps || [])) side.append(el("div", {class: "gap"}, fmt(_("LOST seq %(first)s..%(last)s (left the controller's ring)"),
                                                                      {first: g.from, last: g.to})));
  root.append(side);
}
