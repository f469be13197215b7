// Menagerie's board page, part 1 of 2 (loaded before app.js, which holds the game state and
// the board): the banner, the help panel and first-visit hint, typed move entry, arrows and
// circles, the evaluation bar and the clocks. Plain JavaScript, no framework, no build step.
'use strict';

// ---------------------------------------------------------------- banner

// A message that stays until closed (a game that could not start, a game the server no longer
// has), with an optional action button.
function showBanner(msg, actionLabel, action) {
  $('banner-text').textContent = msg;
  const b = $('banner-action');
  b.hidden = !actionLabel;
  b.textContent = actionLabel || '';
  b.onclick = () => { hideBanner(); if (action) action(); };
  $('banner').hidden = false;
}

function hideBanner() {
  $('banner').hidden = true;
}

// ---------------------------------------------------------------- help panel and hint

const HINT_KEY = 'menagerie-help-seen';

// The lines of the variant on the board: one per move form the server's variant table lists.
function renderHelp(v) {
  $('help-forms').innerHTML = (v.forms || []).map((f) =>
    `<li data-form="${f.form}">${escapeHtml(f.text)}</li>`).join('');
}

function firstVisitHint() {
  let seen = false;
  try { seen = localStorage.getItem(HINT_KEY) === '1'; } catch (err) { seen = false; }
  $('first-hint').hidden = seen;
  $('first-hint-ok').onclick = () => {
    $('first-hint').hidden = true;
    try { localStorage.setItem(HINT_KEY, '1'); } catch (err) { /* private mode: ask again */ }
  };
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

// ---------------------------------------------------------------- typed move entry

// The Move field keeps the keyboard: disabled while the engine moves (which takes its focus), it
// gets the focus back when it is the person's turn again.
function fillMoveList() {
  const ok = game && isCurrent() && humanToMove();
  const input = $('move-input');
  if (!ok && document.activeElement === input) input.dataset.refocus = '1';
  input.disabled = !ok;
  if (ok && input.dataset.refocus) {
    delete input.dataset.refocus;
    input.focus();
  }
  if (!ok) { $('move-list').innerHTML = ''; return; }
  const opts = [];
  for (const e of game.legal) {
    opts.push(`<option value="${escapeHtml(e.san)}" label="${escapeHtml(e.action)}"></option>`);
    if (e.action !== e.san) opts.push(`<option value="${escapeHtml(e.action)}" label="${escapeHtml(e.san)}"></option>`);
  }
  $('move-list').innerHTML = opts.join('');
}

// A typed move: the server says which legal actions the text names (its notation.md text or
// its algebraic text, marks, case and a promotion's piece optional); one is played, several open
// the chooser.
async function enterTyped() {
  const input = $('move-input');
  if (!game || !isCurrent() || !humanToMove() || busy) return;
  const text = input.value.trim();
  if (!text) return;
  let answer;
  try {
    answer = await api('POST', `api/games/${game.id}/typed`, { text });
  } catch (err) {
    report(err);
    return;
  }
  const found = game.legal.filter((e) => answer.actions.includes(e.action));
  if (!found.length) {
    // The server says why when a rule's obligation forbids the move (Rule 4).
    showError(answer.refusal || `\`${text}\` is not a legal move here`);
    return;
  }
  input.value = '';
  if (found.length === 1) play(found[0]);
  else choose(found, null);
}

// ---------------------------------------------------------------- orientation, notes, refusals

// The board is seen from the person's side: Black at the bottom when a person plays Black and
// the engine White; White at the bottom otherwise (two people, or the engine against itself).
// Set when a game starts or the players change; *Flip board* still turns it by hand.
function orient() {
  flipped = $('player-w').value === 'engine' && $('player-b').value === 'human';
}

// A move's algebraic text with the note its notation adds shown apart, never as a PGN comment
// (the server sends them apart: the Magician's `b1=M (M = Y)`).
function sanHtml(m) {
  return escapeHtml(m.san) + (m.note ? ` <small class="note">(${escapeHtml(m.note)})</small>` : '');
}

// The server's reason when every move that the clicks `path` start is one that an obligation
// of the rules forbids (Jumping Knights' Rule 4: a capture is compulsory); null otherwise.
function forbiddenBy(path) {
  const o = game.obligation;
  if (!o) return null;
  const starts = (p) => p && p.length >= path.length && path.every((c, i) => p[i] === c);
  return o.forbidden.some((f) => starts(f.clicks) || starts(f.alt)) ? o.refusal : null;
}

// ---------------------------------------------------------------- arrows and circles

let shapes = [];        // {from, to, color}: a circle when from === to
let drawFrom = null;    // square where a right-button press began

function brush(ev) {
  if (ev.shiftKey) return '#d33';
  if (ev.altKey || ev.ctrlKey || ev.metaKey) return '#2a6fd6';
  return '#15781b';
}

function drawStart(ev, name) {
  drawFrom = { name, color: brush(ev) };
}

function drawEnd(to) {
  if (!drawFrom || !to || to.startsWith('@')) { drawFrom = null; return; }
  const from = drawFrom.name;
  if (from.startsWith('@')) { drawFrom = null; return; }
  const i = shapes.findIndex((s) => s.from === from && s.to === to);
  if (i >= 0) shapes.splice(i, 1);
  else shapes.push({ from, to, color: drawFrom.color });
  drawFrom = null;
  drawShapes();
}

function clearShapes() {
  if (!shapes.length) return;
  shapes = [];
  drawShapes();
}

// Draws the shapes over the board, from the squares' own places (so they follow a flip).
function drawShapes() {
  const layer = $('draw-layer');
  const area = $('board-area').getBoundingClientRect();
  layer.setAttribute('width', area.width);
  layer.setAttribute('height', area.height);
  const centre = (name) => {
    const el = document.querySelector(`#board [data-square="${name}"]`);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return { x: r.left - area.left + r.width / 2, y: r.top - area.top + r.height / 2, w: r.width };
  };
  const out = [];
  // The person's shapes, then the engine's (features.js: analysis lines, the hint).
  for (const s of [...shapes, ...engineShapes()]) {
    const a = centre(s.from);
    const b = centre(s.to);
    if (!a || !b) continue;
    if (s.from === s.to) {
      out.push(`<circle data-${s.tag || 'circle'}="${s.from}" cx="${a.x}" cy="${a.y}" r="${a.w * 0.44}" fill="none" stroke="${s.color}" stroke-width="${a.w * 0.07}" opacity="0.8"/>`);
      continue;
    }
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const head = a.w * 0.42;
    const tip = { x: b.x - ux * a.w * 0.12, y: b.y - uy * a.w * 0.12 };
    const base = { x: tip.x - ux * head, y: tip.y - uy * head };
    const side = { x: -uy * head * 0.55, y: ux * head * 0.55 };
    out.push(`<g data-${s.tag || 'arrow'}="${s.from}${s.to}" opacity="${s.thin ? 0.55 : 0.8}" fill="${s.color}" stroke="${s.color}">` +
      `<line x1="${a.x}" y1="${a.y}" x2="${base.x}" y2="${base.y}" stroke-width="${a.w * (s.thin ? 0.09 : 0.16)}" stroke-linecap="round"/>` +
      `<polygon points="${tip.x},${tip.y} ${base.x + side.x},${base.y + side.y} ${base.x - side.x},${base.y - side.y}" stroke="none"/></g>`);
  }
  layer.innerHTML = out.join('');
}

// ---------------------------------------------------------------- evaluation bar

// White's share of the bar for a score from White's view: mates fill it, centipawns follow a
// logistic curve (one pawn is about 62%).
function evalShare(score) {
  if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
  return 1 / (1 + Math.exp(-score.cp / 200));
}

function showEval(whiteScore, label) {
  const bar = $('evalbar');
  bar.hidden = false;
  const share = evalShare(whiteScore);
  $('evalbar-fill').style.height = `${(share * 100).toFixed(1)}%`;
  $('evalbar-text').textContent = label;
  bar.dataset.score = label;
}

function hideEval() {
  $('evalbar').hidden = true;
  delete $('evalbar').dataset.score;
}

// ---------------------------------------------------------------- clocks

// The clocks are the page's; the time control is the game's (the server keeps it for reloads
// and the PGN `TimeControl` tag), and a flag fall ends the game there. A clock starts with the
// first move: before it neither side's time runs.
let clock = null;       // {w, b: ms left; side: ticking side; at: timestamp; base; flag; started}

// The time control of the clock fields, as the server takes it (null: time per move).
function clockControl() {
  if ($('tc-mode').value !== 'clock') return null;
  const base = Math.round(parseFloat($('clock-min').value || '5') * 60000);
  const inc = Math.round(parseFloat($('clock-inc').value || '0') * 1000);
  return { base_ms: Math.min(86400000, Math.max(1, base)), inc_ms: Math.min(60000, Math.max(0, inc)) };
}

// The game's time control changed on the page: the server keeps it.
async function sendClockControl() {
  if (!game) return;
  try { await api('POST', `api/games/${game.id}/clock`, { clock: clockControl() }); } catch (err) { report(err); }
}

// A game's time control (a reloaded game): the clock fields show it.
function showTimeControl(tc) {
  $('tc-mode').value = tc ? 'clock' : $('tc-mode').value;
  if (tc) {
    $('clock-min').value = String(tc.base_ms / 60000);
    $('clock-inc').value = String(tc.inc_ms / 1000);
  }
  $('tc-move').hidden = $('tc-mode').value === 'clock';
  $('tc-clock').hidden = $('tc-mode').value !== 'clock';
}

function resetClock() {
  clearInterval(resetClock.timer);
  if ($('tc-mode').value !== 'clock') { clock = null; $('clocks').hidden = true; return; }
  const ms = Math.round(parseFloat($('clock-min').value || '5') * 60000);
  clock = { w: ms, b: ms, base: ms, side: game ? game.turn : 'w', at: performance.now(), flag: null, started: !!(game && game.ply > 0) };
  $('clocks').hidden = false;
  resetClock.timer = setInterval(() => tickClock(false), 100);
  showClock();
}

function stopClock() {
  clearInterval(resetClock.timer);
}

function tickClock(moveMade) {
  if (!clock || clock.flag || (game && game.end)) return;
  const now = performance.now();
  if (!clock.started) {
    clock.at = now;
    if (!moveMade) return;
    clock.started = true;
    clock.side = clock.side === 'w' ? 'b' : 'w';
    showClock();
    return;
  }
  clock[clock.side] -= now - clock.at;
  clock.at = now;
  if (clock[clock.side] <= 0) {
    clock[clock.side] = 0;
    clock.flag = clock.side;
    stopClock();
    flagFell(clock.side);
  } else if (moveMade) {
    clock[clock.side] += Math.round(parseFloat($('clock-inc').value || '0') * 1000);
    clock.side = clock.side === 'w' ? 'b' : 'w';
  }
  showClock();
}

// A flag fell: the server ends the game (a loss, or a draw when the other side cannot mate).
async function flagFell(side) {
  if (!game || game.end) return;
  try {
    setState(await api('POST', `api/games/${game.id}/flag`, { side }));
  } catch (err) {
    report(err);
  }
  render();
}

// Low time: under a tenth of the base time, but at least 10 s and at most 30 s.
function lowTime() {
  return Math.min(30000, Math.max(10000, clock.base / 10));
}

function showClock() {
  const fmt = (ms) => {
    const s = Math.ceil(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  for (const side of ['w', 'b']) {
    const el = $(`clock-${side}`);
    el.textContent = `${side === 'w' ? 'White' : 'Black'} ${fmt(clock[side])}`;
    el.classList.toggle('low', clock[side] < lowTime());
    el.classList.toggle('running', clock.side === side && !clock.flag);
  }
}
