//! The JSON of a game as the page renders it: the board view, the hands, the moves played with
//! each move's effect, the legal entries with their click paths, the check and the end; and the
//! answers built on it (a hint, a draw offer).

use crate::entry::{entries, Entry};
use crate::events::score_json;
use movegen::view::{BoardView, Cell, MoveEffect};
use search::Score;
use serde_json::{json, Value};
use session::{Error, GameApi, Notation, Session};

/// What the host (the web server, or a worker in the page) is doing with a game: shown by the
/// page, not part of the session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Activity {
    /// A search of the game is running (the engine's move, a hint, an analysis).
    pub searching: bool,
    /// The running search is an analysis (infinite, stopped by the page).
    pub analysing: bool,
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

/// A move's effect (`view` is the position after it).
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
        "slides": crate::motion::slides_json(e),
    })
}

/// A legal entry as the page reads it (its move forms are not sent: the page's help panel
/// lists the variant's forms from the variant table).
pub fn entry_json(e: &Entry) -> Value {
    json!({
        "action": e.action,
        "san": e.san,
        "note": e.note,
        "clicks": e.clicks,
        "alt": e.alt,
        "suffix": e.suffix,
        "result": e.result,
        "changes": e.changes,
        "capture": e.capture,
    })
}

/// The moves played in `g`, each with its texts (`san` without the note its notation may add,
/// the note apart: [`crate::san`]), side, move number and effect.
fn moves_json(g: &dyn GameApi) -> Vec<Value> {
    let sans = g.move_sans();
    let texts = g.move_texts(Notation::Rules);
    let mut number = session::pgn::first_move_number(&g.start_fen());
    (0..g.ply())
        .map(|i| {
            let after = g.view_at(i + 1).expect("every ply has a position");
            let e = g.played_effect(i).expect("every move has an effect");
            let turn = g.view_at(i).map_or(movegen::types::Color::White, |b| b.turn);
            let side = turn.select("w", "b");
            let (san, note) = crate::san::split_note(&sans[i]);
            let m = json!({
                "san": san,
                "note": note,
                "text": texts[i],
                "side": side,
                "number": number,
                "effect": effect_json(&e, &after),
                "capture": session::api::captures(&e, turn),
            });
            if side == "b" {
                number += 1;
            }
            m
        })
        .collect()
}

/// The state of game `id` (the session `s`), with the board at `ply` (the current position
/// when `None`); an error names a ply the game does not have.
pub fn state_json(
    id: u64,
    s: &Session,
    ply: Option<usize>,
    activity: Activity,
) -> Result<Value, Error> {
    let g = &*s.game;
    let v = g.variant();
    let current = g.ply();
    let at = ply.unwrap_or(current);
    let view = g.view_at(at).ok_or_else(|| Error::BadArgument {
        message: format!("ply {at} is not in this game (0..={current})"),
    })?;
    let end = s.end();
    let open = at == current && end.is_none();
    let legal: Vec<Value> =
        if open { entries(g).iter().map(entry_json).collect() } else { Vec::new() };
    let obligation = if open { crate::obligation::obligation(g) } else { None };
    Ok(json!({
        "id": id.to_string(),
        "variant": v.name(),
        "title": v.info().title,
        "fen": g.fen(),
        "fen_at": fen_at(g, at),
        "start_fen": g.start_fen(),
        "ply": current,
        "view_ply": at,
        "turn": g.turn().select("w", "b"),
        "seed": v.has_chance().then_some(s.seed),
        "board": view_json(&view),
        "moves": moves_json(g),
        "legal": legal,
        "check": g.check_at(at),
        "obligation": obligation.as_ref().map(crate::obligation::obligation_json),
        "material": crate::motion::material_json(&view, v.info()),
        "setup": s.setup,
        "end": end.map(|e| json!({
            "result": e.result, "reason": e.reason, "rule": e.rule, "text": e.text,
        })),
        "searching": activity.searching,
        "analysing": activity.analysing,
        "players": {"w": s.players[0].name(), "b": s.players[1].name()},
        "time_control": s.time_control.map(|t| json!({"base_ms": t.base_ms, "inc_ms": t.inc_ms})),
    }))
}

/// The FEN after `ply` moves (`ply` is a ply of the game).
fn fen_at(g: &dyn GameApi, ply: usize) -> String {
    if ply == g.ply() {
        return g.fen();
    }
    let mut c = g.clone_box();
    while c.ply() > ply && c.undo() {}
    c.fen()
}

/// The answer to a hint: `{"hint": {action, san, clicks}, "score": {cp} | {mate} | null}` for
/// the legal action `action` of the current position of `g` (`null` if it is none) and the
/// search's last score (side to move's view).
pub fn hint_json(g: &dyn GameApi, action: &str, score: Option<Score>) -> Value {
    let e = entries(g)
        .into_iter()
        .find(|e| e.action == action)
        .map(|e| json!({"action": e.action, "san": e.san, "note": e.note, "clicks": e.clicks}));
    json!({ "hint": e, "score": score.map(score_json) })
}

/// The answer to a draw offer: the state `state` with `draw: {accepted, score, policy}`
/// (`score`: the engine's view, if it judged the offer; `policy`: when the engine accepts,
/// [`crate::draw::POLICY`]).
pub fn with_draw(mut state: Value, accepted: bool, score: Option<Score>) -> Value {
    state["draw"] = json!({
        "accepted": accepted, "score": score.map(score_json), "policy": crate::draw::POLICY,
    });
    state
}

#[cfg(test)]
mod tests {
    use super::*;
    use movegen::rules::VariantId;
    use session::MoveIn;

    #[test]
    fn the_state_of_a_game_and_of_a_past_ply() {
        let game = session::new_game(VariantId::Chess, None).unwrap();
        let mut s = Session::new(game, 5);
        s.game.play(MoveIn::Text("e2e4"), Notation::Rules).unwrap();
        s.game.play(MoveIn::Text("e7e5"), Notation::Rules).unwrap();
        let st = state_json(12, &s, None, Activity { searching: true, analysing: false }).unwrap();
        assert_eq!((st["id"].as_str(), st["ply"].as_u64()), (Some("12"), Some(2)));
        assert_eq!((st["searching"].as_bool(), st["seed"].is_null()), (Some(true), true));
        assert_eq!(st["moves"][1]["san"].as_str(), Some("e5"));
        assert_eq!(st["moves"][1]["number"].as_u64(), Some(1));
        assert_eq!(st["legal"].as_array().map(Vec::len), Some(29));
        assert_eq!(st["board"]["rows"][4][4]["piece"].as_str(), Some("P"));
        let past = state_json(12, &s, Some(1), Activity::default()).unwrap();
        assert_eq!(past["view_ply"].as_u64(), Some(1));
        assert!(past["fen_at"].as_str().unwrap().contains(" b "), "{}", past["fen_at"]);
        assert_eq!(past["legal"].as_array().map(Vec::len), Some(0), "no moves in the past");
        let err = state_json(12, &s, Some(3), Activity::default()).unwrap_err();
        assert_eq!(err.to_string(), "ply 3 is not in this game (0..=2)");
        assert!(matches!(err, Error::BadArgument { .. }));
        let hint = hint_json(&*s.game, "g1f3", Some(Score::Cp(-12)));
        assert_eq!(hint["hint"]["clicks"], json!(["g1", "f3"]));
        assert_eq!(hint["score"], json!({"cp": -12}));
        assert!(hint_json(&*s.game, "e2e4", None)["hint"].is_null());
        assert_eq!(st["material"], json!({"w": [], "b": []}));
        assert_eq!(st["moves"][1]["capture"], json!(false));
        assert_eq!(
            st["moves"][1]["effect"]["slides"],
            json!([{"from": "e7", "to": "e5", "token": "p"}])
        );
    }

    #[test]
    fn a_moves_note_is_apart_from_its_san_and_an_obligation_is_told() {
        // Magician: the pawn promotes to the Magician, who becomes a Prime Minister at once;
        // the PGN writes the note as a comment, the page's lists never show a brace.
        let fen = "r3k3/8/8/4P3/2B4Q/8/1p2K3/8 w - - 0 1 Mm";
        let mut s = Session::new(session::new_game(VariantId::Magician, Some(fen)).unwrap(), 1);
        s.game.play(MoveIn::Text("c4c4m"), Notation::Rules).unwrap();
        let st = state_json(1, &s, None, Activity::default()).unwrap();
        let promo = st["legal"].as_array().unwrap().iter().find(|e| e["action"] == "b2b1m");
        let promo = promo.expect("b2b1m is legal");
        assert_eq!((promo["san"].as_str(), promo["note"].as_str()), (Some("b1=M"), Some("M = Y")));
        s.game.play(MoveIn::Text("b2b1m"), Notation::Rules).unwrap();
        assert!(s.game.move_sans()[1].contains('{'), "the PGN form keeps its comment");
        let st = state_json(1, &s, None, Activity::default()).unwrap();
        let m = &st["moves"][1];
        assert_eq!((m["san"].as_str(), m["note"].as_str()), (Some("b1=M"), Some("M = Y")));
        assert!(st["moves"][0]["note"].is_null());
        for m in st["moves"].as_array().unwrap().iter().chain(st["legal"].as_array().unwrap()) {
            assert!(!m["san"].as_str().unwrap().contains(['{', '}']), "{m}");
        }
        assert!(st["obligation"].is_null());
        // Jumping Knights under Rule 4: the state says so.
        let fen = "10/5k4/10/10/10/R1p7/10/10/5K4/10 w - - 0 1";
        let s = Session::new(session::new_game(VariantId::JumpingKnights, Some(fen)).unwrap(), 1);
        let st = state_json(1, &s, None, Activity::default()).unwrap();
        assert!(st["obligation"]["text"].as_str().unwrap().contains("must capture"), "{st}");
        assert!(!st["obligation"]["forbidden"].as_array().unwrap().is_empty());
    }
}
