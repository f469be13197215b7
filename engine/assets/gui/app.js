// Menagerie's board page, part 2 of 2 (after extras.js). Plain JavaScript, no framework, no
// build step. Everything about the rules comes from the server: the board view (every square's
// FEN token), the legal moves with the squares to click for each, what each move changed, which
// royal pieces stand in check, and how each move form is entered. This file only draws and
// clicks.
'use strict';

function $(id) { return document.getElementById(id); }

let variants = {};      // id -> the variant table entry (/api/variants)
let game = null;        // the game's state as last read (current position)
let shown = null;       // the state whose board is drawn (game, or a ply of its history)
let clicks = [];        // squares clicked so far for the move being entered
let flipped = false;
let busy = false;       // a request that changes the game is in flight
let thinking = false;   // the engine is choosing a move
let events = null;      // EventSource of the game's live events
let hintClicks = [];
let pgnText = null;     // the PGN text last loaded (for its game picker)

// ---------------------------------------------------------------- server

// A request to the server. Every request that changes something is a JSON POST (the server
// refuses any other body type); an error carries the server's message and the HTTP status.
async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (method !== 'GET') {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body === undefined ? {} : body);
  }
  const res = await backend.fetch(path, opts);
  const type = res.headers.get('Content-Type') || '';
  const data = type.includes('json') ? await res.json() : await res.text();
  if (!res.ok) {
    const err = new Error(data && data.error ? data.error : `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return data;
}

// Reports a failed request about the current game: a game the server no longer has (it keeps
// a bounded number) gets a banner that offers a new game; anything else a passing message.
function report(err) {
  if (err.status === 404 && game && /no game/.test(err.message)) {
    showBanner(err.message, 'New game', () => newGame({ variant: game.variant }));
  } else {
    showError(err.message);
  }
}

function showError(msg) {
  const e = $('error');
  e.textContent = msg;
  e.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(hideError, 5000);
}

// A refusal is about the move refused: the next move played takes it away.
function hideError() {
  clearTimeout(showError.timer);
  $('error').hidden = true;
}

// Busy: a request is on its way. The marks of usable pieces wait for it to end.
function setBusy(b) {
  busy = b;
  document.body.dataset.busy = b ? '1' : '0';
  if (!b && game && shown) highlight();
}

// ---------------------------------------------------------------- pieces

const FACING = { n: [0, -1], ne: [1, -1], e: [1, 0], se: [1, 1], s: [0, 1], sw: [-1, 1], w: [-1, 0], nw: [-1, -1] };

function parseToken(token) {
  const m = /^([A-Za-z])(?:\(([a-z]+)\))?$/.exec(token) || [null, '?', null];
  return { letter: m[1], facing: m[2] };
}

// The placeholder drawing: the piece's letter in a disc (white, black, or violet for the
// neutral PieceEater), a lancer's facing as an arrow.
function placeholder(token) {
  const { letter, facing } = parseToken(token);
  const neutral = letter === 'X';
  const white = !neutral && letter === letter.toUpperCase();
  const fill = neutral ? '#8a3fc0' : white ? '#fbfbf6' : '#262626';
  const ink = white ? '#151515' : '#f4f4f4';
  let arrow = '';
  if (facing && FACING[facing]) {
    let [dx, dy] = FACING[facing];
    if (flipped) { dx = -dx; dy = -dy; }
    const len = Math.hypot(dx, dy);
    const ux = dx / len, uy = dy / len;
    const tip = [50 + ux * 49, 50 + uy * 49];
    const base = [50 + ux * 24, 50 + uy * 24];
    const side = [-uy * 14, ux * 14];
    arrow = `<polygon points="${tip[0]},${tip[1]} ${base[0] + side[0]},${base[1] + side[1]} ${base[0] - side[0]},${base[1] - side[1]}" fill="#d22" stroke="#fff" stroke-width="1.5"/>`;
  }
  return `<svg viewBox="0 0 100 100" xmlns="http://www.w3.org/2000/svg"><circle cx="50" cy="50" r="36" fill="${fill}" stroke="${white ? '#222' : '#ddd'}" stroke-width="3"/>` +
    `<text x="50" y="51" text-anchor="middle" dominant-baseline="central" font-family="sans-serif" font-size="40" font-weight="bold" fill="${ink}">${letter.toUpperCase()}</text>${arrow}</svg>`;
}

const OPPOSITE = { n: 's', ne: 'sw', e: 'w', se: 'nw', s: 'n', sw: 'ne', w: 'e', nw: 'se' };

// The drawing of a token: the manifest's SVG where there is one, else the placeholder. On a
// flipped board a lancer is drawn with the opposite facing's picture, so that its arrow still
// points the way it faces on the board.
function picture(token) {
  const v = variants[shown ? shown.variant : ''];
  const { letter, facing } = parseToken(token);
  const look = flipped && facing ? `${letter}(${OPPOSITE[facing]})` : token;
  const url = v && v.images ? v.images[look] : null;
  return url ? `<img src="${url}" alt="${token}" draggable="false">` : placeholder(token);
}

function pieceInfo(letter) {
  const v = variants[shown.variant];
  return v ? v.pieces.find((p) => p.letter === letter.toUpperCase()) : null;
}

function describeToken(token) {
  const { letter, facing } = parseToken(token);
  const info = pieceInfo(letter);
  const side = letter === 'X' ? '' : letter === letter.toUpperCase() ? 'White ' : 'Black ';
  return `${side}${info ? info.name : letter}${facing ? ` facing ${facing}` : ''}`;
}

// ---------------------------------------------------------------- drawing

function humanToMove() {
  return game && !game.end && $(`player-${game.turn}`).value === 'human';
}

function render() {
  renderHands(); // before the board: its highlight() marks the usable hand pieces
  renderBoard();
  renderStatus();
  renderMoves();
  fillMoveList();
  $('fen').value = shown.fen_at || shown.fen;
  $('pass').hidden = !(isCurrent() && humanToMove() && game.legal.some((e) => e.action === '0000'));
  $('continue-here').hidden = isCurrent();
  const open = !game.end && !(clock && clock.flag);
  $('resign').disabled = !open || !humanSide();
  $('offer-draw').disabled = !open || !humanSide();
  document.body.dataset.ply = String(game.ply);
  document.body.dataset.viewPly = String(shown.view_ply);
  document.body.dataset.variant = game.variant;
  afterRender(); // features.js: material, slides and sound, engine lines, graph
}

// The side a person plays: the side to move if a person moves it, else the other one if a
// person plays it (null: the engine plays both).
function humanSide() {
  const other = game.turn === 'w' ? 'b' : 'w';
  if ($(`player-${game.turn}`).value === 'human') return game.turn;
  return $(`player-${other}`).value === 'human' ? other : null;
}

function isCurrent() {
  return shown.view_ply === game.ply;
}

// The side of a square: the board fills the screen's width (less the evaluation bar and the
// coordinates; on a wide screen less the panel beside it too) and its height (less the header,
// the hands and the status lines), at most 72 px (64 px on boards of more than 8 files or ranks).
function squareSize(b) {
  const vw = document.documentElement.clientWidth || window.innerWidth;
  const vh = window.innerHeight;
  const beside = vw >= 760 ? 340 : 0;
  const width = vw - 24 - 26 - 22 - beside;
  const height = Math.max(240, vh - 190);
  const fit = Math.floor(Math.min(width / b.files, height / b.ranks));
  const most = Math.round((Math.max(b.files, b.ranks) > 8 ? 64 : 72) * boardScale()); // chosen size
  return Math.max(20, Math.min(fit, most));
}

function renderBoard() {
  const b = shown.board;
  const board = $('board');
  document.documentElement.style.setProperty('--sq', `${squareSize(b)}px`);
  board.style.gridTemplateColumns = `22px repeat(${b.files}, var(--sq))`;
  board.style.gridTemplateRows = `repeat(${b.ranks}, var(--sq)) 22px`;
  const last = lastEffect();
  const changed = new Set(last ? last.changes.map((c) => c.square) : []);
  const pe = last && last.chance ? new Set([last.chance.from, last.chance.to]) : new Set();
  const check = new Set(shown.check || []);
  const rowOrder = [...b.rows.keys()];
  const colOrder = [...Array(b.files).keys()];
  if (flipped) { rowOrder.reverse(); colOrder.reverse(); }
  const html = [];
  const v = shown.variant;
  for (const i of rowOrder) {
    const row = b.rows[i];
    const rank = b.ranks - 1 - i;
    html.push(`<div class="coord">${row[0].name.slice(1)}</div>`);
    for (const f of colOrder) {
      const cell = row[f];
      if (cell.hole) { html.push('<div class="hole"></div>'); continue; }
      const cls = ['sq', (f + rank) % 2 === 0 ? 'dark' : 'light'];
      // The variant table's square marks: the outer files, with `ranks` the outer ranks too.
      for (const mark of (variants[v] ? variants[v].marks : [])) {
        const edgeRank = mark.ranks && (rank === 0 || rank === b.ranks - 1);
        if (f === 0 || f === b.files - 1 || edgeRank) cls.push(mark.class);
      }
      if (pe.has(cell.name)) cls.push('pe-step');
      else if (changed.has(cell.name)) cls.push('changed');
      if (check.has(cell.name)) cls.push('check');
      const piece = cell.piece
        ? `<div class="piece" data-piece="${cell.piece}" title="${describeToken(cell.piece)}">${picture(cell.piece)}</div>`
        : '';
      html.push(`<div class="${cls.join(' ')}" data-square="${cell.name}" tabindex="0" aria-label="${cell.name}${cell.piece ? ` ${describeToken(cell.piece)}` : ''}">${piece}</div>`);
    }
  }
  html.push('<div></div>');
  for (const f of colOrder) html.push(`<div class="coord">${b.rows[0][f].name[0]}</div>`);
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.square : undefined;
  board.innerHTML = html.join('');
  if (focused) {
    const el = board.querySelector(`[data-square="${focused}"]`);
    if (el) el.focus();
  }
  highlight();
  drawShapes();
}

function renderHands() {
  const h = shown.board.hands;
  const top = flipped ? 'w' : 'b';
  for (const [el, side] of [[$('hand-top'), top], [$('hand-bottom'), top === 'w' ? 'b' : 'w']]) {
    if (!h) { el.innerHTML = ''; el.hidden = true; continue; }
    el.hidden = false;
    const counts = {};
    for (const c of h[side]) counts[c] = (counts[c] || 0) + 1;
    const items = Object.keys(counts).map((c) =>
      `<div class="hand-piece" data-hand="${c}" tabindex="0" title="${describeToken(c)} in hand">${picture(c)}<span class="count">${counts[c]}</span></div>`);
    el.innerHTML = `<span class="label">${side === 'w' ? 'White' : 'Black'} in hand:</span>${items.join('') || '<i>none</i>'}`;
  }
}

function lastEffect() {
  const k = shown.view_ply;
  return k > 0 && game.moves[k - 1] ? game.moves[k - 1].effect : null;
}

function renderStatus() {
  const s = $('status');
  const side = game.turn === 'w' ? 'White' : 'Black';
  if (!isCurrent()) {
    s.textContent = `Viewing the position after move ${shown.view_ply} of ${game.ply}.`;
  } else if (game.end) {
    s.innerHTML = `<span class="end">Game over: ${game.end.result} — ${escapeHtml(game.end.text)}.</span>`;
  } else if (clock && clock.flag) {
    s.innerHTML = `<span class="end">${clock.flag === 'w' ? 'White' : 'Black'} lost on time.</span>`;
  } else {
    let check = '';
    if (game.check && game.check.length) {
      check = variants[game.variant].check_rule
        ? ' — check'
        : ' — the king is attacked (no check rule: it may be captured)';
    }
    const duty = game.obligation ? ` ${game.obligation.text}.` : ''; // Jumping Knights' Rule 4
    s.textContent = `${side} to move${check}${thinking ? ' — engine thinking…' : ''}.${duty}`;
  }
  const e = lastEffect();
  const m = shown.view_ply > 0 ? game.moves[shown.view_ply - 1] : null;
  let text = m ? `Last move ${m.san}${m.note ? ` (${m.note})` : ''} (${m.text}). ` : '';
  if (e && e.chance) {
    const piece = variants[game.variant].chance_piece;
    text += e.chance.from === e.chance.to
      ? `The ${piece} stays on ${e.chance.from}. `
      : `The ${piece} steps ${e.chance.from}→${e.chance.to} (outcome ${e.chance.outcome} of ${e.chance.outcomes}). `;
  }
  if (e) text += `Changes: ${e.changes.map((c) => `${c.square} ${c.before || '·'}→${c.after || '·'}`).join(', ')}.`;
  if (game.seed !== null && game.seed !== undefined) text += ` Die seed ${game.seed}.`;
  $('effect').textContent = text;
}

// The move list, numbered from the start position's fullmove number (`25.`; a game that
// starts with Black to move begins `25. …`).
function renderMoves() {
  const ol = $('moves');
  const items = [];
  let li = null;
  game.moves.forEach((m, i) => {
    if (m.side === 'w' || li === null) {
      if (li) items.push(li + '</li>');
      li = `<li><span class="num">${m.number}.</span>` + (m.side === 'b' ? '<span class="skip">…</span>' : '');
    }
    const cur = shown.view_ply === i + 1 ? ' class="current"' : '';
    li += `<span data-ply="${i + 1}"${cur} title="${m.text}">${sanHtml(m)}</span>`;
  });
  if (li) items.push(li + '</li>');
  ol.innerHTML = items.join('');
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function renderLegend() {
  const v = variants[game.variant];
  // A piece with a facing (the lancer) is drawn facing north in the legend.
  const lancer = v.pieces.some((p) => p.letter === 'L') && v.forms.some((f) => f.form === 'facing');
  $('legend').innerHTML = `<p><b>${v.title}</b> — <a id="rules-link" href="${v.rules_url}" target="_blank" rel="noopener">the rules</a></p>` +
    v.pieces.map((p) => {
      const token = p.letter === 'L' && lancer ? 'L(n)' : p.letter;
      return `<div class="entry"><div class="pic">${picture(token)}</div><div><b>${p.name} (${p.letter})</b><small>${p.moves}</small></div></div>`;
    }).join('');
  renderHelp(v);
}

// ---------------------------------------------------------------- entering moves

// The legal entries whose click path (or second path) starts with `prefix`.
function matching(prefix) {
  const out = [];
  for (const e of game.legal) {
    for (const path of [e.clicks, e.alt]) {
      if (path && path.length >= prefix.length && prefix.every((c, i) => path[i] === c)) {
        out.push({ entry: e, path });
      }
    }
  }
  return out;
}

function highlight() {
  document.querySelectorAll('.sq.sel, .sq.target, .sq.hint, .hand-piece.sel, .hand-piece.usable')
    .forEach((el) => el.classList.remove('sel', 'target', 'capture', 'hint', 'usable'));
  for (const c of clicks) {
    const el = c.startsWith('@') ? handElement(c) : document.querySelector(`[data-square="${c}"]`);
    if (el) el.classList.add('sel');
  }
  for (const c of hintClicks) {
    const el = document.querySelector(`[data-square="${c}"]`);
    if (el) el.classList.add('hint');
  }
  markPremove();
  if (!isCurrent() || !humanToMove() || busy) return;
  if (clicks.length) {
    for (const { entry, path } of matching(clicks)) {
      const next = path[clicks.length];
      const el = next && document.querySelector(`[data-square="${next}"]`);
      if (!el) continue;
      el.classList.add('target');
      if (entry.capture && clicks.length === path.length - 1) el.classList.add('capture');
    }
  }
  for (const e of game.legal) {
    if (e.clicks[0] && e.clicks[0].startsWith('@')) {
      const el = handElement(e.clicks[0]);
      if (el) el.classList.add('usable');
    }
  }
}

function handElement(click) {
  const letter = click.slice(1);
  const own = game.turn === 'w' ? letter.toUpperCase() : letter.toLowerCase();
  return document.querySelector(`[data-hand="${own}"]`);
}

function onClick(name) {
  if (premoveClick(name)) return; // while the engine thinks: a premove (features.js)
  if (!isCurrent() || busy || !humanToMove()) return;
  hideChooser();
  const next = [...clicks, name];
  const found = matching(next);
  if (!found.length) {
    // A move the rules' obligation forbids (Rule 4) is refused with the server's reason.
    const why = forbiddenBy(next) || (matching([name]).length ? null : forbiddenBy([name]));
    if (why) showError(why);
    // Not a continuation: start again from this square if a move starts there; a second
    // click on the selected square clears the selection.
    const again = clicks.length && clicks[clicks.length - 1] === name;
    clicks = !again && matching([name]).length ? [name] : [];
    highlight();
    return;
  }
  clicks = next;
  const exact = [...new Set(found.filter((f) => f.path.length === next.length).map((f) => f.entry))];
  const longer = found.some((f) => f.path.length > next.length);
  if (exact.length === 1 && !longer) {
    play(exact[0]);
  } else if (exact.length > 1 || (exact.length && longer)) {
    choose(exact, name);
  }
  highlight();
}

// Puts the chooser above or below the square `name` (the move's last click), never over it.
function placeChooser(name) {
  const box = $('chooser');
  box.style.top = '';
  box.style.bottom = '';
  const el = name && document.querySelector(`#board [data-square="${name}"]`);
  if (!el) { box.style.top = '80px'; return; }
  const left = $('left').getBoundingClientRect();
  const sq = el.getBoundingClientRect();
  const board = $('board').getBoundingClientRect();
  if (sq.top + sq.height / 2 < board.top + board.height / 2) {
    box.style.top = `${sq.bottom - left.top + 6}px`;
  } else {
    box.style.bottom = `${left.bottom - sq.top + 6}px`;
  }
}

function choose(list, name) {
  const box = $('choices');
  box.innerHTML = list.map((e) => {
    const token = e.result || '';
    const label = e.action === '0000' ? 'Pass' : token ? describeToken(token) : e.san;
    return `<button data-choice="${e.action}" title="${e.action}">${token ? picture(token) : ''}<span>${label}</span><small>${sanHtml(e)}</small></button>`;
  }).join('');
  box.querySelectorAll('button').forEach((b) => {
    b.onclick = () => {
      const e = list.find((x) => x.action === b.dataset.choice);
      hideChooser();
      play(e);
    };
  });
  $('chooser').hidden = false;
  placeChooser(name);
}

function hideChooser() {
  $('chooser').hidden = true;
}

async function play(entry) {
  clicks = [];
  hintClicks = [];
  setBusy(true);
  try {
    const st = await api('POST', `api/games/${game.id}/move`, { move: entry.action });
    moved(st);
  } catch (err) {
    report(err);
    setBusy(false);
    render();
    return;
  }
  setBusy(false);
  afterMove();
}

// Pointer handling: a click is a press and release on one square; a drag from one square to
// another is the two clicks.
let press = null;
function squareAt(x, y) {
  const el = document.elementFromPoint(x, y);
  if (!el) return null;
  const sq = el.closest('[data-square]');
  if (sq) return sq.dataset.square;
  const hand = el.closest('[data-hand]');
  return hand ? `@${hand.dataset.hand.toUpperCase()}` : null;
}

function onPointerDown(ev) {
  const name = squareAt(ev.clientX, ev.clientY);
  if (ev.button === 2) {
    if (!cancelPremove() && name) drawStart(ev, name);
    return;
  }
  if (ev.button !== 0) return;
  clearShapes();
  if (!name) return;
  press = { name, x: ev.clientX, y: ev.clientY, ghost: null };
  const pieceEl = ev.target.closest('.piece, .hand-piece');
  if (pieceEl && humanToMove() && isCurrent() && matching([name]).length) {
    const g = document.createElement('div');
    g.className = 'dragging';
    g.innerHTML = pieceEl.querySelector('svg, img').outerHTML;
    g.hidden = true;
    document.body.appendChild(g);
    press.ghost = g;
  }
}

function onPointerMove(ev) {
  if (!press || !press.ghost) return;
  if (Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 4) return;
  const g = press.ghost;
  g.hidden = false;
  g.style.left = `${ev.clientX - g.offsetWidth / 2}px`;
  g.style.top = `${ev.clientY - g.offsetHeight / 2}px`;
}

function onPointerUp(ev) {
  if (ev.button === 2) {
    drawEnd(squareAt(ev.clientX, ev.clientY));
    return;
  }
  if (!press) return;
  const from = press.name;
  if (press.ghost) press.ghost.remove();
  noteDrag(press.ghost && !press.ghost.hidden);
  press = null;
  const to = squareAt(ev.clientX, ev.clientY);
  if (!to) return;
  if (to === from) { onClick(from); return; }
  if (clicks[clicks.length - 1] !== from) onClick(from);
  if (clicks[clicks.length - 1] === from) onClick(to);
}

// ---------------------------------------------------------------- game flow

function setState(st) {
  const variantChanged = !game || game.variant !== st.variant;
  game = st;
  shown = st;
  if (!variants[st.variant]) return;
  $('variant').value = st.variant;
  $('setup-box').hidden = !variants[st.variant].setups;
  $('setup-now').textContent = st.setup === null || st.setup === undefined ? '' : `this game: setup ${st.setup}`;
  if (variantChanged) shapes = [];
  renderLegend();
  render();
}

function moved(st) {
  hideError();
  tickClock(true);
  setState(st);
}

// Starts a game. When the server refuses it (a FEN it cannot read, say), its message is shown
// in a banner; with no game on the page yet the variant's start position opens instead.
async function newGame(body) {
  stopClock();
  setBusy(true);
  if (body.clock === undefined) body.clock = clockControl();
  let st = null;
  try {
    st = await api('POST', 'api/games', body);
  } catch (err) {
    setBusy(false);
    const v = variants[body.variant] ? body.variant : Object.keys(variants)[0]; // the table's first
    if (!game && (body.fen !== undefined || body.setup !== undefined || v !== body.variant)) {
      showBanner(`Cannot start this game: ${err.message}. Showing the start position of ${variants[v].title} instead.`);
      const fallback = { variant: v };
      if (body.seed !== undefined) fallback.seed = body.seed;
      await newGame(fallback);
    } else {
      showBanner(`Cannot start this game: ${err.message}`, game ? null : 'Start position',
        () => newGame({ variant: v }));
    }
    return;
  }
  clicks = [];
  hintClicks = [];
  pgnText = null;
  $('pgn-pick-box').hidden = true;
  hideChooser();
  unlisten();
  hideEval();
  $('analysis').checked = false;
  orient();
  setState(st);
  setAddress(st);
  $('engine-out').textContent = '';
  resetClock();
  setBusy(false);
  afterMove();
}

function setAddress(st) {
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set('variant', st.variant);
  url.searchParams.set('game', st.id);
  // The players are part of the game: a reload keeps who plays which side.
  url.searchParams.set('white', $('player-w').value);
  url.searchParams.set('black', $('player-b').value);
  history.replaceState(null, '', url);
}

function afterMove() {
  if (!game) return;
  if ($('analysis').checked && !game.end && isCurrent()) startAnalysis();
  if (game.end) { stopClock(); return; }
  if ($(`player-${game.turn}`).value === 'engine' && isCurrent() && !(clock && clock.flag)) engineMove();
}

function limits() {
  // The level weakens the engine's own moves only (the server ignores it for hints).
  const level = $('level').value === '' ? {} : { level: parseInt($('level').value, 10) };
  if ($('tc-mode').value === 'clock' && clock) {
    const inc = Math.round(parseFloat($('clock-inc').value || '0') * 1000);
    return { ...level, wtime_ms: Math.max(0, Math.round(clock.w)), btime_ms: Math.max(0, Math.round(clock.b)), winc_ms: inc, binc_ms: inc };
  }
  const s = parseFloat($('movetime').value);
  return { ...level, movetime_ms: Math.round((Number.isFinite(s) && s > 0 ? s : 1) * 1000) };
}

// The level menu: full strength, then every level with its chess rating, strongest first.
function fillLevels(levels) {
  const sel = $('level');
  for (const l of [...(levels || [])].reverse()) {
    const o = document.createElement('option');
    o.value = String(l.level);
    o.textContent = `Level ${l.level} (about ${l.elo} Elo)`;
    sel.appendChild(o);
  }
}

async function engineMove() {
  if (busy || game.end) return;
  setBusy(true);
  thinking = true;
  renderStatus();
  const id = game.id;
  await listen();
  try {
    const st = await api('POST', `api/games/${id}/engine`, limits());
    if (game.id === id) moved(st);
  } catch (err) {
    report(err);
  }
  setBusy(false);
  thinking = false;
  if (!$('analysis').checked) unlistenAfter('moved');
  renderStatus();
  if (game.id === id && !playPremove()) afterMove();
}

async function startAnalysis() {
  await listen();
  try {
    await api('POST', `api/games/${game.id}/analysis`, { on: true, multipv: multiPv() });
  } catch (err) {
    report(err);
  }
}

// Live engine output arrives as server-sent events. The stream is open only while the engine
// searches (a browser allows few connections per server, and a page left open should not hold
// one), and it is open before the search starts.
function listen() {
  if (events && events.gameId === game.id && events.readyState !== 2 /* closed */) {
    events.seen = new Set();
    events.waitFor = null;
    return Promise.resolve();
  }
  unlisten();
  events = backend.eventSource(`api/games/${game.id}/events`);
  events.gameId = game.id;
  events.seen = new Set();
  events.waitFor = null;
  const es = events;
  events.onmessage = (m) => {
    const e = JSON.parse(m.data);
    if (e.type === 'info') showInfo(e);
    es.seen.add(e.type);
    if (es.waitFor && es.waitFor.type === e.type && events === es) unlisten();
  };
  return new Promise((resolve) => {
    es.onopen = () => resolve();
    es.onerror = () => resolve();
    setTimeout(resolve, 1000);
  });
}

// The reply to a search request and the search's last lines travel on different connections,
// so the reply can come first: the stream stays open until it has delivered the event that
// closes the search (`moved`, `hint`; its lines come before it), or for a second at most.
function unlistenAfter(type) {
  const es = events;
  if (!es) return;
  if (es.seen.has(type)) { unlisten(); return; }
  const wait = { type };
  es.waitFor = wait;
  setTimeout(() => { if (events === es && es.waitFor === wait) unlisten(); }, 1000);
}

function unlisten() {
  if (events) events.close();
  events = null;
}

// One line of engine output, and the evaluation bar. A mate is reported with the depth it was
// found at (later iterations only confirm it, from the hash table); the selective depth is
// shown where it exceeds the depth.
function showInfo(e) {
  if (featureInfo(e)) return; // a further analysis line: features.js lists it
  const mate = e.score.mate !== undefined;
  // Scores are from the side to move's view; shown from White's.
  const sign = game.turn === 'b' ? -1 : 1;
  const white = mate ? { mate: sign * e.score.mate } : { cp: sign * e.score.cp };
  const score = mate ? `mate ${white.mate}` : (white.cp / 100).toFixed(2);
  let depth = `depth ${e.depth}${e.seldepth > e.depth ? `/${e.seldepth}` : ''}`;
  if (mate && e.mate_depth) depth = `mate found at depth ${e.mate_depth}`;
  $('engine-out').textContent =
    `${e.purpose}: ${depth}  score ${score} (White's view)\n` +
    `nodes ${e.nodes}  nps ${e.nps}  time ${(e.time_ms / 1000).toFixed(1)} s\nPV: ${e.pv_san.join(' ')}`;
  const label = mate ? `#${white.mate}` : `${white.cp >= 0 ? '+' : ''}${(white.cp / 100).toFixed(1)}`;
  showEval(white, label);
}

// ---------------------------------------------------------------- history and PGN

async function view(ply) {
  if (!game) return;
  ply = Math.max(0, Math.min(game.ply, ply));
  try {
    shown = ply === game.ply ? game : await api('GET', `api/games/${game.id}?ply=${ply}`);
    shown.moves = game.moves;
    clicks = [];
    hideChooser();
    render();
  } catch (err) {
    report(err);
  }
}

async function continueHere() {
  try {
    const st = await api('POST', `api/games/${game.id}/undo`, { to: shown.view_ply });
    setState(st);
    afterMove();
  } catch (err) {
    report(err);
  }
}

async function exportPgn() {
  try {
    const text = await api('GET', `api/games/${game.id}/pgn`);
    $('pgn-text').value = text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    a.download = `menagerie-${game.variant}.pgn`;
    a.click();
    URL.revokeObjectURL(a.href);
  } catch (err) {
    report(err);
  }
}

// Loads game `index` of a PGN text. Movetext without tags is a game of the board's variant from
// its start (a variant without a standard start: from the current game's start). A text of
// several games gets a picker.
async function loadPgn(text, index) {
  $('player-w').value = 'human';
  $('player-b').value = 'human';
  orient();
  const body = { pgn: text, game: index, variant: game.variant };
  if (!variants[game.variant].standard_start) body.fen = game.start_fen;
  try {
    const st = await api('POST', 'api/pgn', body);
    stopClock();
    unlisten();
    hideEval();
    $('analysis').checked = false;
    setState(st);
    setAddress(st);
    pgnText = text;
    const pick = $('pgn-game');
    pick.innerHTML = st.pgn_list.map((g, i) =>
      `<option value="${i}">${i + 1}. ${escapeHtml(g.white)} – ${escapeHtml(g.black)} ${escapeHtml(g.result)}` +
      `${g.variant ? ` (${escapeHtml(g.variant)})` : ''}${g.event !== '?' ? `, ${escapeHtml(g.event)} ${escapeHtml(g.round)}` : ''}</option>`).join('');
    pick.value = String(st.pgn_game);
    $('pgn-pick-box').hidden = st.pgn_games < 2;
    view(0);
  } catch (err) {
    report(err);
  }
}

async function loadPgnInput() {
  const file = $('pgn-file').files[0];
  const text = file ? await file.text() : $('pgn-text').value;
  if (!text.trim()) { showError('Paste a PGN or choose a file first.'); return; }
  loadPgn(text, 0);
}

// ---------------------------------------------------------------- resign and draw

async function resign() {
  const side = humanSide();
  if (!side || game.end) return;
  try {
    stopClock();
    setState(await api('POST', `api/games/${game.id}/resign`, { side }));
  } catch (err) {
    report(err);
  }
}

// A draw offer goes to the engine when it plays the other side (it decides by its own
// evaluation), else to the other person at this screen.
async function offerDraw() {
  const by = humanSide();
  if (!by || game.end || busy) return;
  const other = by === 'w' ? 'b' : 'w';
  const body = { by };
  if ($(`player-${other}`).value === 'human') {
    body.accept = window.confirm(`${other === 'w' ? 'White' : 'Black'}: accept the draw offer?`);
  }
  setBusy(true);
  $('offer-draw').disabled = true;
  try {
    const st = await api('POST', `api/games/${game.id}/draw`, body);
    if (st.draw.accepted) stopClock();
    setState(st);
    if (!st.draw.accepted) {
      const sc = st.draw.score;
      const view = !sc ? '' : sc.mate !== undefined ? ` (it sees mate in ${sc.mate})` : ` (it rates the position ${(sc.cp / 100).toFixed(2)} for itself)`;
      showError(`The draw offer is declined${view}. ${st.draw.policy}`);
    }
  } catch (err) {
    report(err);
  }
  setBusy(false);
  render();
  afterMove(); // the judging search stopped any analysis: restart it
}

// ---------------------------------------------------------------- start

async function start() {
  const list = await api('GET', 'api/variants');
  for (const v of list.variants) variants[v.id] = v;
  $('variant').innerHTML = list.variants.map((v) => `<option value="${v.id}">${v.title} (${v.id})</option>`).join('');
  fillLevels(list.levels);
  const q = new URLSearchParams(window.location.search);
  if (q.get('level') && [...$('level').options].some((o) => o.value === q.get('level'))) $('level').value = q.get('level');
  for (const side of ['white', 'black']) {
    const p = q.get(side);
    if (p === 'human' || p === 'engine') $(`player-${side[0]}`).value = p;
  }
  orient();
  if (q.get('game')) {
    try {
      const st = await api('GET', `api/games/${q.get('game')}`);
      setState(st);
      showTimeControl(st.time_control);
      resetClock();
      afterMove();
      return;
    } catch (err) { /* expired: start a new game below */ }
  }
  const body = { variant: q.get('variant') || Object.keys(variants)[0] }; // the table's first
  if (q.get('fen')) body.fen = q.get('fen');
  if (q.get('setup')) {
    body.setup = /^\d+$/.test(q.get('setup')) ? Number(q.get('setup')) : q.get('setup');
    if (typeof body.setup === 'number') $('setup').value = String(body.setup);
  }
  if (q.get('seed') && /^\d+$/.test(q.get('seed'))) body.seed = Number(q.get('seed'));
  await newGame(body);
}

function wire() {
  const board = $('board');
  board.addEventListener('pointerdown', onPointerDown);
  $('board-wrap').addEventListener('contextmenu', (ev) => ev.preventDefault());
  window.addEventListener('resize', drawShapes);
  $('banner-close').onclick = hideBanner;
  $('resign').onclick = resign;
  $('offer-draw').onclick = offerDraw;
  $('move-input').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') { ev.preventDefault(); enterTyped(); }
  });
  $('pgn-game').onchange = () => { if (pgnText) loadPgn(pgnText, Number($('pgn-game').value)); };
  window.addEventListener('pointermove', onPointerMove);
  window.addEventListener('pointerup', onPointerUp);
  for (const id of ['hand-top', 'hand-bottom']) {
    $(id).addEventListener('pointerdown', onPointerDown);
  }
  $('new-game').onclick = () => {
    const body = { variant: $('variant').value };
    const s = $('setup').value.trim();
    if (variants[body.variant].setups) body.setup = /^\d+$/.test(s) ? Number(s) : 'random';
    newGame(body);
  };
  $('variant').onchange = () => newGame({ variant: $('variant').value });
  $('set-fen').onclick = () => newGame({ variant: $('variant').value, fen: $('fen').value });
  $('copy-fen').onclick = async () => {
    try {
      await navigator.clipboard.writeText($('fen').value);
    } catch (err) {
      $('fen').select();
      document.execCommand('copy');
    }
  };
  $('flip').onclick = () => { flipped = !flipped; render(); renderLegend(); };
  $('setup').onkeydown = (ev) => { if (ev.key === 'Enter') $('new-game').click(); };
  $('engine-move').onclick = () => engineMove();
  $('takeback').onclick = async () => {
    // Take back to the last position where a person is to move.
    let n = 1;
    const p = game.ply;
    while (n < p && $(`player-${game.moves[p - n].side}`).value === 'engine') n++;
    try {
      setState(await api('POST', `api/games/${game.id}/undo`, { count: Math.min(n, p) || 1 }));
    } catch (err) {
      report(err);
    }
  };
  $('pass').onclick = () => {
    const e = game.legal.find((x) => x.action === '0000');
    if (e) play(e);
  };
  $('hint').onclick = async () => {
    await listen();
    try {
      const r = await api('POST', `api/games/${game.id}/hint`, limits());
      if (r.hint) {
        hintClicks = r.hint.clicks.filter((c) => !c.startsWith('@'));
        showHintArrow(r);
        $('engine-out').textContent = `Hint: ${r.hint.san} (${r.hint.action})\n` + $('engine-out').textContent;
        highlight();
      }
    } catch (err) {
      report(err);
    }
    if (!$('analysis').checked) unlistenAfter('hint');
  };
  $('analysis').onchange = async () => {
    if ($('analysis').checked) { startAnalysis(); return; }
    unlisten();
    hideEval();
    try {
      await api('POST', `api/games/${game.id}/analysis`, { on: false });
    } catch (err) {
      report(err);
    }
  };
  $('stop').onclick = async () => {
    $('analysis').checked = false;
    unlisten();
    hideEval();
    try { await api('POST', `api/games/${game.id}/stop`); } catch (err) { report(err); }
  };
  $('tc-mode').onchange = () => {
    const clockMode = $('tc-mode').value === 'clock';
    sendClockControl();
    $('tc-move').hidden = clockMode;
    $('tc-clock').hidden = !clockMode;
    resetClock();
  };
  // New clock fields: the game's time control, the clocks set to it.
  $('clock-min').onchange = $('clock-inc').onchange = () => { sendClockControl(); resetClock(); };
  $('player-w').onchange = $('player-b').onchange = () => { orient(); setAddress(game); render(); renderLegend(); afterMove(); };
  $('choose-cancel').onclick = () => { hideChooser(); clicks = []; highlight(); };
  $('moves').onclick = (ev) => {
    const s = ev.target.closest('[data-ply]');
    if (s) view(Number(s.dataset.ply));
  };
  $('step-first').onclick = () => view(0);
  $('step-back').onclick = () => view(shown.view_ply - 1);
  $('step-fwd').onclick = () => view(shown.view_ply + 1);
  $('step-last').onclick = () => view(game.ply);
  $('continue-here').onclick = continueHere;
  $('pgn-export').onclick = exportPgn;
  $('pgn-load').onclick = loadPgnInput;
  // Keys: ←/→ a move back/forward, Home or ↑ the start, End or ↓ the current position (as on
  // lichess); Enter or Space on a focused square or hand piece clicks it; Escape clears.
  document.addEventListener('keydown', (ev) => {
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(ev.target.tagName)) return;
    const sq = ev.target.closest && ev.target.closest('[data-square], [data-hand]');
    if (sq && (ev.key === 'Enter' || ev.key === ' ')) {
      ev.preventDefault();
      onClick(sq.dataset.square || `@${sq.dataset.hand.toUpperCase()}`);
      return;
    }
    const to = { ArrowLeft: shown.view_ply - 1, ArrowRight: shown.view_ply + 1, Home: 0, ArrowUp: 0, End: game.ply, ArrowDown: game.ply }[ev.key];
    if (to !== undefined && game) { ev.preventDefault(); view(to); }
    if (ev.key === 'Escape') { cancelPremove(); hideChooser(); clicks = []; highlight(); }
  });
}

setBusy(false);
window.addEventListener('pagehide', unlisten);
// The board follows the window's size (a phone turned, a desktop window resized).
window.addEventListener('resize', () => {
  clearTimeout(window.resizeTimer);
  window.resizeTimer = setTimeout(() => { if (game && shown) render(); }, 100);
});
wire();
wireFeatures();
firstVisitHint();
start().catch((err) => showError(err.message));
