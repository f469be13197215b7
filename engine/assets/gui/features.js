// Menagerie's board page, the lichess-style features (loaded after extras.js, before app.js,
// whose game state and functions these use when called): moves animated and a move sound, the
// material difference beside the board, the board size, premoves against the engine, the
// engine's arrows and MultiPV lines, and the evaluation graph of a finished game. No rule is
// decided here: slides, material and legal moves come from the server's view model.
'use strict';

// ---------------------------------------------------------------- preferences

function pref(key, dflt) {
  try { const v = localStorage.getItem(key); return v === null ? dflt : v; } catch (err) { return dflt; }
}

function setPref(key, value) {
  try { localStorage.setItem(key, value); } catch (err) { /* private mode: not remembered */ }
}

// The board size: a share (50..160%) of the largest square; the board still fits the window.
function boardScale() {
  const n = Number(pref('menagerie-board-size', '100'));
  return Number.isFinite(n) ? Math.min(160, Math.max(50, n)) / 100 : 1;
}

function soundOn() {
  return pref('menagerie-sound', 'on') !== 'off';
}

function multiPv() {
  const n = Number(pref('menagerie-multipv', '1'));
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : 1;
}

// ---------------------------------------------------------------- after every render

let drawn = null;       // {id, ply, gamePly, end} of the board last drawn
let dragged = false;    // the last move was dragged (its piece is already in place)

function noteDrag(d) { dragged = !!d; }

// Called by render(): the material line, the engine's arrows, and when the board shows the
// next position of the same game, the move's slides and its sound.
function afterRender() {
  const now = { id: game.id, ply: shown.view_ply, gamePly: game.ply, end: !!game.end };
  const before = drawn;
  // The first board on screen (docs/performance.md measures the time to it).
  if (!before) performance.mark('menagerie-first-board');
  drawn = now;
  renderMaterial();
  if (!before || before.id !== now.id || before.gamePly !== now.gamePly) {
    lines = [];
    renderLines();
    if (!before || before.id !== now.id) { premove = []; clearGraph(); }
  }
  if (before && before.id === now.id && now.ply === before.ply + 1 && game.moves[now.ply - 1]) {
    const m = game.moves[now.ply - 1];
    moveSound(m.capture);
    if (!dragged) animate(m.effect.slides);
  }
  dragged = false;
  if (now.end && !(before && before.id === now.id && before.end)) autoGraph();
  markGraph();
}

// ---------------------------------------------------------------- animation and sound

// The units the move moved slide from the squares they left (the server's `slides`); not when
// the reader asks for reduced motion.
function animate(slides) {
  if (!slides || !slides.length) return;
  if (window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    document.body.dataset.slides = 'reduced';
    return;
  }
  document.body.dataset.slides = slides.map((s) => `${s.from}${s.to}`).join(' ');
  for (const s of slides) {
    const from = document.querySelector(`#board [data-square="${s.from}"]`);
    const to = document.querySelector(`#board [data-square="${s.to}"]`);
    const piece = to && to.querySelector('.piece');
    if (!from || !piece) continue;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    piece.classList.add('sliding');
    piece.style.transform = `translate(${a.left - b.left}px, ${a.top - b.top}px)`;
    piece.getBoundingClientRect(); // the start is drawn before the transition
    piece.style.transition = 'transform 0.22s ease-out';
    piece.style.transform = '';
    const done = () => { piece.classList.remove('sliding'); piece.style.transition = ''; };
    piece.addEventListener('transitionend', done, { once: true });
    setTimeout(done, 400);
  }
}

let audio = null;

// A short knock made by WebAudio (no sound file): lower for a capture. Counted on the body
// (`data-sounds`) for the tests.
function moveSound(capture) {
  if (!soundOn()) return;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds || '0') + 1);
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === 'suspended') audio.resume();
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = 'triangle';
    osc.frequency.setValueAtTime(capture ? 300 : 540, t);
    osc.frequency.exponentialRampToValueAtTime(capture ? 120 : 240, t + 0.09);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(capture ? 0.45 : 0.3, t + 0.005);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.14);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.15);
  } catch (err) { /* no audio here: silent */ }
}

function showSoundButton() {
  const b = $('sound');
  b.textContent = soundOn() ? 'Sound on' : 'Sound off';
  b.setAttribute('aria-pressed', soundOn() ? 'true' : 'false');
}

// ---------------------------------------------------------------- material

// The units each side has more of than the other (the state's `material`), beside its side of
// the board: White's at the bottom unless the board is flipped.
function renderMaterial() {
  const mat = shown.material || { w: [], b: [] };
  const top = flipped ? 'w' : 'b';
  for (const [id, side] of [['material-top', top], ['material-bottom', top === 'w' ? 'b' : 'w']]) {
    const list = mat[side] || [];
    const el = $(id);
    el.dataset.side = side;
    el.innerHTML = list.map((t) => `<span class="mat-piece" data-material="${t}" title="${describeToken(t)}">${picture(t)}</span>`).join('');
    el.title = list.length ? `${side === 'w' ? 'White' : 'Black'} has more: ${list.join(' ')}` : '';
  }
}

// ---------------------------------------------------------------- premoves

let premove = [];       // squares clicked for a move entered while the engine thinks

// A premove may be entered while the engine thinks about its move and a person plays the
// other side.
function premoveOpen() {
  return thinking && game && !game.end && isCurrent() && humanSide() && humanSide() !== game.turn;
}

// A click while the engine thinks: the premove's first square (a unit of the person's side or a
// piece in hand), then its second; a click on a new own unit starts again. True: the click was
// taken here.
function premoveClick(name) {
  if (!premoveOpen()) return false;
  const side = humanSide();
  const own = (sq) => {
    if (sq.startsWith('@')) return true;
    const cell = game.board.rows.flat().find((c) => c.name === sq);
    return !!(cell && cell.piece && cell.piece[0] !== 'X' && (cell.piece[0] === cell.piece[0].toUpperCase()) === (side === 'w'));
  };
  if (premove.length === 1) premove.push(name);
  else premove = own(name) ? [name] : [];
  markPremove();
  return true;
}

function cancelPremove() {
  if (!premove.length) return false;
  premove = [];
  markPremove();
  return true;
}

function markPremove() {
  document.querySelectorAll('.premove').forEach((el) => el.classList.remove('premove'));
  for (const c of premove) {
    const el = c.startsWith('@') ? document.querySelector(`[data-hand="${c.slice(1).toLowerCase()}"], [data-hand="${c.slice(1)}"]`)
      : document.querySelector(`#board [data-square="${c}"]`);
    if (el) el.classList.add('premove');
  }
  document.body.dataset.premove = premove.join(' ');
}

// After the engine's reply: the premove is played if one legal entry of the new position has
// exactly its clicks (several: the chooser asks), else dropped with a word. True: a move was
// played or is being chosen.
function playPremove() {
  const pre = premove;
  if (!pre.length) return false;
  premove = [];
  markPremove();
  if (pre.length < 2 || !humanToMove() || !isCurrent()) return false;
  const same = (p) => p && p.length === pre.length && p.every((c, i) => c === pre[i]);
  const found = game.legal.filter((e) => same(e.clicks) || same(e.alt));
  if (!found.length) {
    showError(`Premove ${pre.join('-')} dropped: it is not a legal move now.`);
    return false;
  }
  if (found.length === 1) play(found[0]);
  else { clicks = [...pre]; choose(found, pre[pre.length - 1]); highlight(); }
  return true;
}

// ---------------------------------------------------------------- engine arrows and lines

let lines = [];         // the analysis lines of the current position, by number
let hintArrow = null;   // {clicks, id, ply} of the last hint

// An `info` event: an analysis line is kept by its number (its first move drawn as an arrow);
// true for the lines after the first, which the engine output and the bar leave out.
function featureInfo(e) {
  if (e.purpose !== 'analyse' || !game) return false;
  const k = (e.multipv || 1) - 1;
  const sign = game.turn === 'b' ? -1 : 1;
  const mate = e.score.mate !== undefined;
  lines[k] = {
    score: mate ? `#${sign * e.score.mate}` : `${sign * e.score.cp >= 0 ? '+' : ''}${(sign * e.score.cp / 100).toFixed(2)}`,
    san: e.pv_san, action: e.pv[0], depth: e.depth,
  };
  lines.length = Math.min(lines.length, multiPv());
  renderLines();
  drawShapes();
  return k > 0;
}

function renderLines() {
  const box = $('pv-lines');
  if (!box) return;
  box.innerHTML = lines.map((l, i) => (l
    ? `<div class="pv-line" data-line="${i + 1}"><b>${l.score}</b> <small>d${l.depth}</small> ${escapeHtml(l.san.join(' '))}</div>` : '')).join('');
}

// The squares of a legal entry's clicks (the view model's), a piece in hand left out.
function entryClicks(action) {
  const e = game && game.legal.find((x) => x.action === action);
  return e ? e.clicks.filter((c) => !c.startsWith('@')) : [];
}

// The engine's shapes drawn with the person's (extras.js drawShapes): the first move of every
// analysis line (the best one thickest), and the last hint; a drop is a circle on its square.
function engineShapes() {
  const out = [];
  if (!game || !shown || !isCurrent()) return out;
  const add = (cl, tag, color, thin) => {
    if (!cl.length) return;
    out.push({ from: cl[0], to: cl[cl.length - 1], color, thin, tag });
  };
  if ($('analysis').checked) {
    lines.forEach((l, i) => { if (l) add(entryClicks(l.action), i === 0 ? 'best' : 'line', i === 0 ? '#1a5fb4' : '#5b8fd0', i > 0); });
  }
  if (hintArrow && hintArrow.id === game.id && hintArrow.ply === game.ply) add(hintArrow.clicks, 'hint', '#1a5fb4', false);
  return out;
}

// The answer to a hint: its clicks drawn as an arrow until the position changes.
function showHintArrow(r) {
  hintArrow = { clicks: r.hint.clicks.filter((c) => !c.startsWith('@')), id: game.id, ply: game.ply };
  drawShapes();
}

// ---------------------------------------------------------------- evaluation graph

let graph = null;       // {id, ply, scores: White's view per ply (cp, mates as ±1000), running}

function clearGraph() {
  graph = null;
  $('graph').innerHTML = '';
  $('graph-wrap').hidden = true;
}

// A game that just ended gets its graph once the request that ended it is done.
function autoGraph() {
  if (graph && graph.id === game.id && graph.ply === game.ply) return;
  setTimeout(() => { if (game && game.end && !busy) evalGraph(); }, 50);
}

// White's view of a score given for the side `turn` to move, mates as ±1000 (a mate delivered:
// the last position of a won game).
function whiteCp(score, turn) {
  if (!score) return null;
  const s = turn === 'b' ? -1 : 1;
  if (score.mate !== undefined) return s * (score.mate > 0 ? 1000 : -1000);
  return s * Math.max(-1000, Math.min(1000, score.cp));
}

// A quick pass over the game's positions: a copy of the game (loaded from its own PGN, which
// replays it exactly) is taken back ply by ply, each position searched briefly by the hint call
// (which answers with its score). The last position of a finished game scores by its result.
// Its searches take the one searcher: an analysis of the game is restarted after it.
async function evalGraph() {
  if (!game || busy || thinking) return;
  const id = game.id;
  const n = game.ply;
  graph = { id, ply: n, scores: new Array(n + 1).fill(null), running: true };
  $('graph-wrap').hidden = false;
  $('graph-run').disabled = true;
  drawGraph();
  try {
    const pgn = await api('GET', `api/games/${id}/pgn`);
    let copy = await api('POST', 'api/pgn', { pgn, variant: game.variant });
    if (copy.ply !== n) throw new Error('the copy of the game does not match it');
    for (let k = n; k >= 0 && graph && graph.id === id; k--) {
      if (copy.ply > k) copy = await api('POST', `api/games/${copy.id}/undo`, { to: k });
      if (k === n && game.end) {
        const r = game.end.result;
        graph.scores[k] = r === '1-0' ? 1000 : r === '0-1' ? -1000 : 0;
      } else if (!copy.end) {
        const h = await api('POST', `api/games/${copy.id}/hint`, { depth: 10, movetime_ms: 150 });
        graph.scores[k] = whiteCp(h.score, copy.turn);
      }
      drawGraph();
    }
  } catch (err) {
    showError(`Evaluation graph: ${err.message}`);
  }
  if (graph && graph.id === id) { graph.running = false; drawGraph(); }
  $('graph-run').disabled = false;
  // The pass's searches stopped any analysis (one searcher): it goes on.
  if ($('analysis').checked && game.id === id && !game.end && isCurrent()) startAnalysis();
}

// The graph: White's winning share per ply (the evaluation bar's curve), a point per ply; a
// click jumps to that ply.
function drawGraph() {
  const svg = $('graph');
  if (!graph) { svg.innerHTML = ''; return; }
  const W = 300;
  const H = 80;
  const n = graph.scores.length;
  const x = (k) => (n > 1 ? (k * W) / (n - 1) : W / 2);
  const y = (cp) => H - evalShare({ cp }) * H;
  const pts = [];
  graph.scores.forEach((s, k) => { if (s !== null) pts.push([x(k), y(s)]); });
  const path = pts.map((p, i) => `${i ? 'L' : 'M'}${p[0].toFixed(1)},${p[1].toFixed(1)}`).join('');
  const area = pts.length ? `${path}L${pts[pts.length - 1][0].toFixed(1)},${H}L${pts[0][0].toFixed(1)},${H}Z` : '';
  const cols = graph.scores.map((s, k) => `<rect data-graph-ply="${k}" x="${(x(k) - W / (2 * Math.max(1, n - 1))).toFixed(1)}" y="0" width="${(W / Math.max(1, n - 1)).toFixed(1)}" height="${H}" fill="transparent"><title>ply ${k}${s === null ? '' : `: ${(s / 100).toFixed(2)}`}</title></rect>`);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.dataset.plies = String(n);
  svg.dataset.scored = String(graph.scores.filter((s) => s !== null).length);
  svg.dataset.done = graph.running ? '0' : '1';
  svg.innerHTML = `<rect x="0" y="0" width="${W}" height="${H}" fill="#3a3a3a"/>` +
    `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#777" stroke-width="0.5"/>` +
    (area ? `<path d="${area}" fill="#f4f4f4" opacity="0.85"/><path d="${path}" fill="none" stroke="#d0a020" stroke-width="1.2"/>` : '') +
    '<line id="graph-mark" y1="0" y2="80" stroke="#2a7de1" stroke-width="1.5"/>' + cols.join('');
  markGraph();
}

function markGraph() {
  const mark = $('graph-mark');
  if (!mark || !graph || !shown || graph.id !== game.id) return;
  const n = graph.scores.length;
  const gx = n > 1 ? (Math.min(shown.view_ply, n - 1) * 300) / (n - 1) : 150;
  mark.setAttribute('x1', gx);
  mark.setAttribute('x2', gx);
}

// ---------------------------------------------------------------- controls

function wireFeatures() {
  showSoundButton();
  $('sound').onclick = () => { setPref('menagerie-sound', soundOn() ? 'off' : 'on'); showSoundButton(); };
  const size = $('board-size');
  size.value = String(Math.round(boardScale() * 100));
  size.oninput = () => { setPref('menagerie-board-size', size.value); if (game && shown) render(); };
  $('multipv').value = String(multiPv());
  $('multipv').onchange = () => {
    setPref('menagerie-multipv', $('multipv').value);
    lines = [];
    renderLines();
    if ($('analysis').checked && game && !game.end && isCurrent()) startAnalysis();
  };
  $('graph-run').onclick = () => evalGraph();
  $('graph').addEventListener('click', (ev) => {
    const r = ev.target.closest('[data-graph-ply]');
    if (r) view(Number(r.dataset.graphPly));
  });
}
