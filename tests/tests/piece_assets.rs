//! The piece pictures (`engine/assets/pieces/`): every FEN token of every variant has a
//! manifest row whose drawing exists, is embedded in the binary and is a well-formed,
//! self-contained SVG; different piece types of a variant never share a drawing; and the XBoard
//! image directory (`menagerie xboard-pieces`) gives every token its own XBoard image under the
//! name XBoard 4.9.1 loads for it (docs/xboard-pieces.md).
//!
//! The tokens are taken from FENs the engine itself writes: each variant's start position,
//! positions of seeded random games, and the hand-made positions below, which hold every piece
//! kind of the rule book (and every lancer facing) in both colours. They are checked against
//! the kinds each variant's rules declare, so a kind missing from the positions fails too.

use engine::cli::{run_xboard_pieces, XboardPiecesArgs};
use engine::pieces::{self, PieceRow};
use engine::xboard::images as xboard_images;
use movegen::rules::{Rules, VariantId};
use movegen::types::{Dir, PieceKind};
use movegen::variants::{chess, eightpiece, jumpingknights, magician, pieceeater, tamerspiel};
use movegen::with_variant;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/assets/pieces")
}

/// Positions (rule-book FENs) that together hold every piece kind of the variant in both
/// colours, beyond the start position: all lancer facings (8-Piece); every Magician form
/// (rule MG-3 allows one family piece per side, hence five positions); all 19 TamerSpiel kinds
/// (King and Tetrarch are both royal, so the second position swaps them).
fn extra_fens(id: VariantId) -> Vec<String> {
    let lancers = "j1s1k3/l(n)l(ne)l(e)l(se)l(s)l(sw)l(w)l(nw)/7p/rnbq4/RNBQ4/P7/\
                   L(n)L(ne)L(e)L(se)L(s)L(sw)L(w)L(nw)/J1S1K3 w - - 0 1 -";
    match id {
        VariantId::EightPiece => vec![lancers.to_string()],
        VariantId::EightPieceRandom => {
            let mut v: Vec<String> =
                [0, 1, 517, 3839].iter().map(|&n| eightpiece::setup::fen(n).unwrap()).collect();
            v.push(lancers.to_string());
            v
        }
        VariantId::Magician => ["Mh", "Ha", "Ac", "Cy", "Ym"]
            .iter()
            .map(|p| {
                let (w, b) = (&p[..1], &p[1..]);
                format!("rnbqkbnr/pppppppp/3{b}4/8/8/3{w}4/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -")
            })
            .collect(),
        VariantId::TamerSpiel => ["t", "k"]
            .iter()
            .map(|b| {
                let w = if *b == "t" { "K" } else { "T" };
                format!(
                    "rnbqw{b}smaocr/*glevfdpppp*/*10*/*10*/*10*/*10*/*PPPPDFVELG*/RNBQW{w}SMAOCR \
                     w - - 0 1 -"
                )
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The piece tokens of a FEN's board field and hand (`L(ne)` is one token, `X` the
/// PieceEater, `*` a missing square).
fn tokens_of_fen(fen: &str) -> Vec<String> {
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut out = Vec::new();
    let mut chars = board.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_alphabetic() {
            continue;
        }
        if chars.peek() == Some(&'(') {
            let facing: String = chars.by_ref().take_while(|&x| x != ')').collect();
            out.push(format!("{c}{facing})"));
        } else {
            out.push(c.to_string());
        }
    }
    out
}

/// Every token the engine writes in FENs of variant `id` (from the positions described above,
/// loaded and written back by the engine's own FEN code).
fn tokens_from_positions(id: VariantId) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    with_variant!(id, V => {
        let mut fens = vec![V::startpos().fen()];
        for f in extra_fens(id) {
            let pos = V::from_fen_as(id, &f).unwrap_or_else(|e| panic!("{id}: {f}: {e}"));
            fens.push(pos.fen());
        }
        let start = V::startpos();
        menagerie_tests::random_playouts(&start, 14, 40, 120, |p: &V, _| fens.push(p.fen()));
        for f in &fens {
            set.extend(tokens_of_fen(f));
        }
    });
    set
}

/// The tokens the rules' kinds make: each kind's letter in both colours, a lancer once per
/// facing, and the PieceEater. A variant this test does not know takes its legend's letters
/// (the variant table's `pieces`, checked against the rules by `variant_table.rs`).
fn tokens_from_kinds(id: VariantId) -> BTreeSet<String> {
    fn both(letters: impl Iterator<Item = char>) -> BTreeSet<String> {
        letters.flat_map(|l| [l.to_string(), l.to_ascii_lowercase().to_string()]).collect()
    }
    fn kinds<K: PieceKind>() -> BTreeSet<String> {
        both(K::ALL.iter().map(|k| k.letter()))
    }
    let (eightpiece, random) = (VariantId::EightPiece, VariantId::EightPieceRandom);
    if id == VariantId::Chess {
        kinds::<chess::ChessKind>()
    } else if id == eightpiece || id == random {
        let mut s = kinds::<eightpiece::EightKind>();
        s.remove("L");
        s.remove("l");
        for d in Dir::ALL {
            s.insert(format!("L({})", d.name()));
            s.insert(format!("l({})", d.name()));
        }
        s
    } else if id == VariantId::PieceEater {
        let mut s = kinds::<pieceeater::PeKind>();
        s.insert("X".to_string());
        s
    } else if id == VariantId::Magician {
        kinds::<magician::MagicianKind>()
    } else if id == VariantId::TamerSpiel {
        kinds::<tamerspiel::TsKind>()
    } else if id == VariantId::JumpingKnights {
        kinds::<jumpingknights::JkKind>()
    } else {
        let mut s = both(id.info().pieces.iter().map(|p| p.letter).filter(|&l| l != 'X'));
        if id.info().piece('X').is_some() {
            s.insert("X".to_string());
        }
        s
    }
}

/// Every variant's manifest on disk (`engine/assets/pieces/<id>.tsv`), each checked to be the
/// embedded one, as one text.
fn manifest_from_disk() -> String {
    let mut all = String::new();
    for id in VariantId::ALL {
        let path = assets().join(format!("{id}.tsv"));
        let disk = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(Some(disk.as_str()), pieces::manifest(id), "{id}: embedded manifest is on disk");
        let header = if all.is_empty() { 0 } else { disk.find("variant\t").expect("header") };
        let body = &disk[header..];
        all.push_str(if all.is_empty() {
            body
        } else {
            body.split_once('\n').map_or("", |(_, r)| r)
        });
    }
    all
}

/// A minimal well-formedness check of a hand-written SVG: one `<svg>` root with the 100x100
/// viewBox, every tag closed in order, and nothing that needs another resource (no bitmaps,
/// no text and so no fonts, no links, no scripts).
fn check_svg(name: &str, text: &str) -> Result<(), String> {
    let t = text.trim();
    if !t.starts_with("<svg") {
        return Err(format!("{name}: does not start with <svg"));
    }
    if !t.contains(r#"viewBox="0 0 100 100""#)
        || !t.contains(r#"xmlns="http://www.w3.org/2000/svg""#)
    {
        return Err(format!("{name}: needs xmlns and viewBox=\"0 0 100 100\""));
    }
    for banned in ["<image", "<text", "<script", "href", "@import", "url(", "<foreignObject"] {
        if t.contains(banned) {
            return Err(format!("{name}: contains {banned}"));
        }
    }
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = t;
    let mut roots = 0;
    while let Some(open) = rest.find('<') {
        let after = &rest[open + 1..];
        let close = after.find('>').ok_or(format!("{name}: unterminated tag"))?;
        let tag = &after[..close];
        rest = &after[close + 1..];
        if tag.contains('<') || tag.starts_with('!') || tag.starts_with('?') {
            return Err(format!("{name}: unexpected markup <{tag}>"));
        }
        if let Some(closing) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(top) if top == closing.trim() => {}
                other => return Err(format!("{name}: </{closing}> closes {other:?}")),
            }
        } else {
            let elem = tag.split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or("");
            if elem.is_empty() || !tag.matches('"').count().is_multiple_of(2) {
                return Err(format!("{name}: malformed tag <{tag}>"));
            }
            if stack.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                stack.push(elem);
            }
        }
    }
    if !stack.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("{name}: unclosed {stack:?} or {roots} root elements"));
    }
    Ok(())
}

#[test]
fn positions_hold_every_kind_and_facing() {
    for id in VariantId::ALL {
        assert_eq!(tokens_from_positions(id), tokens_from_kinds(id), "{id}");
    }
}

#[test]
fn every_token_of_every_variant_has_exactly_one_row_with_a_drawing() {
    let disk = manifest_from_disk();
    let rows = pieces::parse_manifest(&disk).expect("manifest parses");
    let mut seen: BTreeMap<(&str, &str), &PieceRow> = BTreeMap::new();
    for r in &rows {
        let id = VariantId::parse(r.variant).unwrap_or_else(|| panic!("unknown variant {r:?}"));
        assert!(seen.insert((r.variant, r.fen), r).is_none(), "{id} {}: two rows", r.fen);
        let path = assets().join(r.file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{id} {}: {}: {e}", r.fen, path.display()));
        assert_eq!(pieces::svg(r.file), Some(text.as_str()), "{}: embedded copy differs", r.file);
        check_svg(r.file, &text).unwrap();
        assert!(r.moves.ends_with('.') && r.moves.len() > 30, "{id} {}: moves text", r.fen);
        if r.fen.contains('(') {
            let facing = r.fen.trim_start_matches(['L', 'l']).trim_matches(['(', ')']);
            let long = match facing {
                "n" => "north",
                "ne" => "north-east",
                "e" => "east",
                "se" => "south-east",
                "s" => "south",
                "sw" => "south-west",
                "w" => "west",
                _ => "north-west",
            };
            assert_eq!(r.name, format!("Lancer (facing {long})"));
            assert!(r.file.ends_with(&format!("-lancer-{facing}.svg")), "{}", r.file);
        }
    }
    for id in VariantId::ALL {
        let expected = tokens_from_kinds(id);
        let listed: BTreeSet<String> =
            rows.iter().filter(|r| r.variant == id.name()).map(|r| r.fen.to_string()).collect();
        assert_eq!(listed, expected, "{id}: manifest tokens");
        for t in tokens_from_positions(id) {
            assert!(listed.contains(&t), "{id}: token {t} written by the engine has no row");
        }
    }
}

#[test]
fn different_piece_types_of_a_variant_never_share_a_drawing() {
    let rows = pieces::rows();
    for id in VariantId::ALL {
        let mut by_file: BTreeMap<&str, &str> = BTreeMap::new();
        for r in rows.iter().filter(|r| r.variant == id.name()) {
            if let Some(other) = by_file.insert(r.file, r.fen) {
                panic!("{id}: {other} and {} share {}", r.fen, r.file);
            }
        }
        // Distinct files, and distinct drawings inside them.
        let mut texts = BTreeSet::new();
        for file in by_file.keys() {
            assert!(texts.insert(pieces::svg(file).unwrap()), "{id}: {file} repeats a drawing");
        }
    }
    // Colours: White's drawing is light, Black's dark (their body fill, the outer group's).
    for r in &rows {
        let text = pieces::svg(r.file).unwrap();
        let fill = text.split("<g fill=\"").nth(1).and_then(|s| s.get(..7)).unwrap();
        let light = u32::from_str_radix(&fill[1..3], 16).unwrap() > 0x80;
        match r.fen.chars().next() {
            Some('X') => assert_eq!(r.file, "pieceeater/pieceeater.svg"),
            Some(c) => assert_eq!(light, c.is_ascii_uppercase(), "{} {}", r.variant, r.fen),
            None => unreachable!(),
        }
    }
}

#[test]
fn every_drawing_on_disk_is_embedded_and_used() {
    let mut on_disk = BTreeSet::new();
    let mut dirs = vec![assets()];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "svg") {
                on_disk
                    .insert(p.strip_prefix(assets()).unwrap().to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let embedded: BTreeSet<String> = pieces::FILES.iter().map(|(f, _)| f.to_string()).collect();
    let used: BTreeSet<String> = pieces::rows().iter().map(|r| r.file.to_string()).collect();
    assert_eq!(embedded, on_disk);
    assert_eq!(used, on_disk);
    for (f, text) in pieces::FILES {
        assert!(text.len() < 4096, "{f}: {} bytes; keep drawings small", text.len());
    }
}

#[test]
fn the_svg_check_refuses_broken_files() {
    let good = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g><path d="M0 0"/></g></svg>"#;
    assert!(check_svg("good", good).is_ok());
    for bad in [
        good.replace("</g>", ""),
        good.replace("<svg", "<?xml version=\"1.0\"?><svg"),
        good.replace("0 0 100 100", "0 0 45 45"),
        good.replace("<path", "<text>K</text><path"),
        good.replace("<path d=\"M0 0\"/>", "<image href=\"k.png\"/>"),
        good.replace("</svg>", "</g></svg>"),
        format!("{good}<svg></svg>"),
    ] {
        assert!(check_svg("bad", &bad).is_err(), "accepted: {bad}");
    }
}

/// XBoard 4.9.1 image names, worked out by hand from each variant's piece-to-char table (see
/// `engine/src/variants/*.rs`) and XBoard's piece order `P N B R Q F E A C W M O H I J G D V L
/// S U K` (image names `Pawn Knight Bishop Rook Queen Advisor Elephant Archbishop Marshall
/// Gold Commoner Canon Nightrider CrownedBishop CrownedRook Crown Chancellor Hawk Lance Cobra
/// Unicorn Lion`, slot 35 `Wizard`, the table's last entry `King`); confirmed on screen in
/// docs/screenshots/xboard-pieces-*.png.
const XBOARD_NAMES: &[(VariantId, &str, &str)] = &[
    (VariantId::Chess, "N", "WhiteKnight"),
    (VariantId::Chess, "k", "BlackKing"),
    // 8-Piece: table PNBRQFE.C.MOH.JGD..S.K; lancer facings N..NW are the letters C D E F G H M O.
    (VariantId::EightPiece, "L(n)", "WhiteMarshall"),
    (VariantId::EightPiece, "L(ne)", "WhiteChancellor"),
    (VariantId::EightPiece, "L(e)", "WhiteElephant"),
    (VariantId::EightPiece, "L(se)", "WhiteAdvisor"),
    (VariantId::EightPiece, "l(s)", "BlackCrown"),
    (VariantId::EightPiece, "l(sw)", "BlackNightrider"),
    (VariantId::EightPiece, "l(w)", "BlackCommoner"),
    (VariantId::EightPiece, "l(nw)", "BlackCanon"),
    (VariantId::EightPiece, "J", "WhiteCrownedRook"),
    (VariantId::EightPiece, "s", "BlackCobra"),
    (VariantId::EightPiece, "K", "WhiteKing"),
    (VariantId::EightPieceRandom, "L(ne)", "WhiteChancellor"),
    // PieceEater: table PNBRQ.EK; the PE is a white E.
    (VariantId::PieceEater, "X", "WhiteElephant"),
    (VariantId::PieceEater, "r", "BlackRook"),
    // Magician: A slot 7, Y slot 15, C slot 16, H slot 21, M slot 35.
    (VariantId::Magician, "M", "WhiteWizard"),
    (VariantId::Magician, "h", "BlackLion"),
    (VariantId::Magician, "A", "WhiteArchbishop"),
    (VariantId::Magician, "c", "BlackChancellor"),
    (VariantId::Magician, "Y", "WhiteCrown"),
    // TamerSpiel: table PNBRQF.AMVGDO.WTCE..SLK.
    (VariantId::TamerSpiel, "F", "WhiteAdvisor"),
    (VariantId::TamerSpiel, "A", "WhiteArchbishop"),
    (VariantId::TamerSpiel, "M", "WhiteMarshall"),
    (VariantId::TamerSpiel, "v", "BlackGold"),
    (VariantId::TamerSpiel, "G", "WhiteCommoner"),
    (VariantId::TamerSpiel, "D", "WhiteCanon"),
    (VariantId::TamerSpiel, "o", "BlackNightrider"),
    (VariantId::TamerSpiel, "W", "WhiteCrownedRook"),
    (VariantId::TamerSpiel, "t", "BlackCrown"),
    (VariantId::TamerSpiel, "C", "WhiteChancellor"),
    (VariantId::TamerSpiel, "E", "WhiteHawk"),
    (VariantId::TamerSpiel, "s", "BlackUnicorn"),
    (VariantId::TamerSpiel, "L", "WhiteLion"),
    (VariantId::TamerSpiel, "K", "WhiteKing"),
    // Jumping Knights: table P.BRQ....W..N........K.
    (VariantId::JumpingKnights, "N", "WhiteNightrider"),
    (VariantId::JumpingKnights, "w", "BlackGold"),
    (VariantId::JumpingKnights, "P", "WhitePawn"),
];

#[test]
fn xboard_image_names_follow_the_piece_to_char_tables() {
    for (id, token, name) in XBOARD_NAMES {
        assert_eq!(xboard_images::image_name(*id, token).as_deref(), Ok(*name), "{id} {token}");
    }
    assert!(xboard_images::image_name(VariantId::Chess, "X").is_err());
    assert!(xboard_images::image_name(VariantId::EightPiece, "L").is_err());
}

#[test]
fn xboard_letters_are_those_of_the_engines_setup_line() {
    // The token translation must be the one the engine uses towards XBoard: applied to the
    // start position it gives the board of the `setup` line the engine sends.
    use engine::xboard::dialect::Dialect;
    for id in VariantId::ALL {
        movegen::with_variant!(id, V => {
            let start = V::startpos();
            if let Some(setup) = V::xboard_setup_of(id, &start) {
                let ours = start.fen();
                let board = ours.split_whitespace().next().unwrap();
                let sent = setup.split(") ").nth(1).unwrap().split_whitespace().nth(1).unwrap();
                assert_eq!(xboard_images::board_as_xboard(id, board), sent, "{id}");
            } else {
                assert_eq!(id, VariantId::Chess);
            }
        });
    }
}

#[test]
fn xboard_directories_give_every_token_its_own_image() {
    let rows = pieces::rows();
    let base = std::env::temp_dir().join(format!("menagerie-xboard-pieces-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    // Through the command's own entry point, as the docs tell users to run it.
    let args = XboardPiecesArgs { variant: None, dir: base.clone() };
    let mut out = Vec::new();
    run_xboard_pieces(&args, &mut out).map_err(|e| e.message).unwrap();
    let out = String::from_utf8(out).unwrap();
    for id in VariantId::ALL {
        let dir = base.join(id.name());
        assert!(out.contains(&format!("-pieceImageDirectory {}", dir.display())), "{out}");
        let mine: Vec<&PieceRow> = rows.iter().filter(|r| r.variant == id.name()).collect();
        let files: BTreeSet<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(files.len(), mine.len(), "{id}: one image per token");
        for r in mine {
            let name = format!("{}.svg", xboard_images::image_name(id, r.fen).unwrap());
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            assert_eq!(Some(text.as_str()), pieces::svg(r.file), "{id} {} -> {name}", r.fen);
        }
    }
    std::fs::remove_dir_all(&base).unwrap();
    // A bad variant is an error, not a panic, and writes nothing.
    let args = XboardPiecesArgs { variant: Some("shogi".to_string()), dir: base.clone() };
    assert!(run_xboard_pieces(&args, &mut Vec::new()).is_err());
    assert!(!base.exists());
}
