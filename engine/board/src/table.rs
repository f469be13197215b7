//! The variant table and the playing levels, as the page's menus, legend and help panel read
//! them (`GET /api/variants`).

use movegen::info::{SquareKind, VariantInfo};
use movegen::rules::VariantId;
use serde_json::{json, Value};

/// The table entry of variant `v`, with `images`: piece token -> URL of its drawing (the host
/// knows where the drawings are served).
pub fn variant_json(v: VariantId, images: Value) -> Value {
    let i: &VariantInfo = v.info();
    json!({
        "id": i.name,
        "title": i.title,
        "rules": i.rules_file,
        "rules_url": rules_url(v),
        "has_chance": i.has_chance,
        "files": i.shape.files,
        "ranks": i.shape.ranks,
        "file_names": String::from_utf8_lossy(i.shape.file_names),
        "rank_base": i.shape.rank_base,
        "setups": i.setups.map(|s| (s.count)()),
        "standard_start": i.start_fen.is_some(),
        "check_rule": i.marks.check_rule,
        "marks": i.marks.squares.iter()
            .map(|m| json!({"class": css_class(m.kind), "ranks": m.ranks}))
            .collect::<Vec<_>>(),
        "chance_piece": i.chance_piece().map(|p| p.name),
        "forms": crate::help::forms_json(v),
        "images": images,
        "pieces": i.pieces.iter().map(|p| json!({
            "letter": p.letter.to_string(), "name": p.name, "moves": p.moves
        })).collect::<Vec<_>>(),
    })
}

/// The relative URL of the rule text shipped with the page for variant `v`
/// (`rules/<rule-book file>`: the engine's own account of the rules, `docs/variants/`, served
/// by the web server and copied beside the page by a static build). Relative, so that a page
/// served under a sub-path finds it too.
pub fn rules_url(v: VariantId) -> String {
    format!("rules/{}", v.info().rules_file)
}

/// The page's CSS class of squares of role `kind` (`board.css`).
pub fn css_class(kind: SquareKind) -> &'static str {
    match kind {
        SquareKind::Edge => "edge",
        SquareKind::Citadel => "citadel",
    }
}

/// The engine's playing levels for the level menu: `Skill Level` 0..=19 with the nominal chess
/// rating of each on Stockfish's `UCI_Elo` scale (`docs/strength.md`, "Calibrated levels";
/// the variants use the same node budgets and noise, so the same level is the same search).
pub fn levels_json() -> Vec<Value> {
    (0..search::skill::MAX_LEVEL)
        .map(|l| json!({"level": l, "elo": search::Skill::elo_of_level(l)}))
        .collect()
}

/// Every variant's entry (`images` gives each variant's drawings, as in [`variant_json`]) and
/// the levels: `{variants, levels}`.
pub fn variants_json(images: impl Fn(VariantId) -> Value) -> Value {
    let list: Vec<Value> = VariantId::ALL.into_iter().map(|v| variant_json(v, images(v))).collect();
    json!({ "variants": list, "levels": levels_json() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_an_entry_with_its_forms_and_pieces() {
        let table = variants_json(|v| json!({ "K": format!("/{}", v.name()) }));
        let list = table["variants"].as_array().unwrap();
        assert_eq!(list.len(), VariantId::ALL.len());
        for (e, v) in list.iter().zip(VariantId::ALL) {
            assert_eq!(e["id"].as_str(), Some(v.name()));
            assert_eq!(e["images"]["K"].as_str(), Some(format!("/{}", v.name()).as_str()));
            let forms = e["forms"].as_array().unwrap();
            assert_eq!(forms.len(), v.info().marks.forms.len());
            assert!(forms.iter().all(|f| !f["text"].as_str().unwrap().is_empty()));
            assert_eq!(e["has_chance"].as_bool(), Some(v.has_chance()));
            let url = e["rules_url"].as_str().unwrap();
            assert!(url.starts_with("rules/") && url.ends_with(".md"), "{url}");
        }
        assert_eq!(table["levels"].as_array().map(Vec::len), Some(20));
    }
}
