//! The JSON the page reads: the variant table, a game's state (board view, hands, legal moves
//! with their click paths, move list with each move's effect, the end of the game).

use super::entry::{entries, Entry};
use super::store::Slot;
use movegen::info::VariantInfo;
use movegen::rules::VariantId;
use movegen::view::{BoardView, Cell, MoveEffect};
use serde_json::{json, Value};

/// The table entry of one variant, for the page.
pub fn variant_json(v: VariantId) -> Value {
    let i: &VariantInfo = v.info();
    json!({
        "id": i.name,
        "title": i.title,
        "rules": i.rules_file,
        "has_chance": i.has_chance,
        "files": i.shape.files,
        "ranks": i.shape.ranks,
        "file_names": String::from_utf8_lossy(i.shape.file_names),
        "rank_base": i.shape.rank_base,
        "setups": i.setups.map(|s| (s.count)()),
        "standard_start": i.start_fen.is_some(),
        "check_rule": i.marks.check_rule,
        "marks": i.marks.squares.iter().map(|m| json!({"class": m.class, "ranks": m.ranks}))
            .collect::<Vec<_>>(),
        "chance_piece": i.chance_piece().map(|p| p.name),
        "forms": super::help::forms_json(v),
        "images": images(v),
        "pieces": i.pieces.iter().map(|p| json!({
            "letter": p.letter.to_string(), "name": p.name, "moves": p.moves
        })).collect::<Vec<_>>(),
    })
}

/// Piece token -> URL of its drawing, for every drawing of the manifest that serves `v`.
fn images(v: VariantId) -> Value {
    let mut m = serde_json::Map::new();
    for p in super::assets::rows() {
        if let Some(d) = super::assets::drawing(v, p.fen) {
            m.insert(p.fen.to_string(), json!(super::assets::url(d)));
        }
    }
    Value::Object(m)
}

/// A board view: the grid from the top rank down (as drawn for White), each cell with its name,
/// whether it exists, and its token.
pub fn view_json(v: &BoardView) -> Value {
    let files = usize::from(v.files);
    let mut rows = Vec::new();
    for r in (0..usize::from(v.ranks)).rev() {
        let row: Vec<Value> = (0..files)
            .map(|f| {
                let i = r * files + f;
                match &v.cells[i] {
                    Cell::Hole => json!({"name": v.names[i], "hole": true}),
                    Cell::Empty => json!({"name": v.names[i]}),
                    Cell::Unit(t) => json!({"name": v.names[i], "piece": t}),
                }
            })
            .collect();
        rows.push(Value::Array(row));
    }
    json!({
        "files": v.files,
        "ranks": v.ranks,
        "rows": rows,
        "hands": v.hands.as_ref().map(|[w, b]| json!({"w": w, "b": b})),
        "chance": v.chance_piece.map(|s| v.name(s).to_string()),
        "turn": v.turn.select("w", "b"),
    })
}

/// A move's effect.
pub fn effect_json(e: &MoveEffect, view: &BoardView) -> Value {
    json!({
        "changes": e.changes.iter().map(|c| json!({
            "square": c.name, "before": c.before, "after": c.after
        })).collect::<Vec<_>>(),
        "hands": e.hands.as_ref().map(|(_, [w, b])| json!({"w": w, "b": b})),
        "chance": e.chance.as_ref().map(|c| json!({
            "from": view.name(c.from), "to": view.name(c.to),
            "outcome": c.outcome, "outcomes": c.outcomes
        })),
        "text": e.describe(view),
    })
}

fn entry_json(e: &Entry) -> Value {
    json!({
        "action": e.action,
        "san": e.san,
        "clicks": e.clicks,
        "alt": e.alt,
        "suffix": e.suffix,
        "result": e.result,
        "changes": e.changes,
        "capture": e.capture,
    })
}

/// The state of game `id`, with the board at `ply` (the current position when `None`).
pub fn state_json(id: u64, slot: &Slot, ply: Option<usize>) -> Result<Value, String> {
    let s = &slot.session;
    let g = &*s.game;
    let v = g.variant();
    let current = g.ply();
    let at = ply.unwrap_or(current);
    let view =
        g.view_at(at).ok_or_else(|| format!("ply {at} is not in this game (0..={current})"))?;
    let sans = g.move_sans();
    let texts = g.move_texts(session::Notation::Rules);
    let mut number = session::pgn::first_move_number(&g.start_fen());
    let moves: Vec<Value> = (0..current)
        .map(|i| {
            let after = g.view_at(i + 1).expect("every ply has a position");
            let e = g.played_effect(i).expect("every move has an effect");
            let side = g.view_at(i).map_or("w", |b| b.turn.select("w", "b"));
            let m = json!({
                "san": sans[i],
                "text": texts[i],
                "side": side,
                "number": number,
                "effect": effect_json(&e, &after),
            });
            if side == "b" {
                number += 1;
            }
            m
        })
        .collect();
    let end = s.end();
    let legal = if at == current && end.is_none() {
        entries(&view, &g.legal(session::Notation::Rules)).iter().map(entry_json).collect()
    } else {
        Vec::new()
    };
    Ok(json!({
        "id": id.to_string(),
        "variant": v.name(),
        "title": v.info().title,
        "fen": g.fen(),
        "fen_at": g.view_at(at).map(|_| fen_at(g, at)),
        "start_fen": g.start_fen(),
        "ply": current,
        "view_ply": at,
        "turn": g.turn().select("w", "b"),
        "seed": v.has_chance().then_some(s.seed),
        "board": view_json(&view),
        "moves": moves,
        "legal": legal,
        "check": g.check_at(at),
        "setup": s.setup,
        "end": end.map(|e| json!({
            "result": e.result, "reason": e.reason, "rule": e.rule, "text": e.text,
        })),
        "searching": slot.token != 0,
        "analysing": slot.analysing,
        "players": {"w": s.players[0].name(), "b": s.players[1].name()},
    }))
}

/// The FEN after `ply` moves.
fn fen_at(g: &dyn session::GameApi, ply: usize) -> String {
    if ply == g.ply() {
        return g.fen();
    }
    let mut c = g.clone_box();
    while c.ply() > ply && c.undo() {}
    c.fen()
}
