//! FEN for 8-Piece Chess (rule book README "FEN" and eightpiece §2): lancer tokens `L(ne)`,
//! castling rights naming the h-side rook and the a-side jailer (`KQkq`) or, in
//! `eightpiece-random`, Shredder-FEN partner files (`HAha`), and variant field 7, `push`.

use super::attack::Lite;
use super::make::banned;
use super::{EightBoard, EightKind, EightPiece, PawnTrack, RIGHT_BK, RIGHT_BQ, RIGHT_WK, RIGHT_WQ};
use crate::attacks::magic::tables;
use crate::fen::{self, CastleToken, FenError, Setup};
use crate::rules::Rules;
use crate::types::{Color, Dir, Geo8x8, Geometry, Piece, Square};

/// Which castling conventions a FEN is read with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenMode {
    /// `eightpiece`: king on e1/e8, `K` = the rook on h1/h8, `Q` = the jailer on a1/a8
    /// (Shredder letters naming those squares are accepted too); castling written `e1g1`.
    Standard,
    /// `eightpiece-random`: Chess960 castling with any partner squares; `K`/`Q` name the
    /// outermost rook or jailer on that side of the king (X-FEN), file letters name the partner
    /// (Shredder-FEN); castling written king + partner square, rights written as file letters.
    Random,
    /// Decided by the FEN: `Random` if the castling field uses file letters or a right cannot
    /// be read the standard way, `Standard` otherwise.
    Auto,
}

/// Parses a FEN. Never panics; an error names the field at fault.
pub(super) fn parse(text: &str, mode: FenMode) -> Result<EightPiece, FenError> {
    let f = Setup::read::<Geo8x8>(text, EightPiece::FEN_FIELDS, EightPiece::HANDS)?;
    from_setup(&f, mode)
}

/// The position of a read FEN, with the castling conventions of `mode`.
pub(super) fn from_setup(f: &Setup, mode: FenMode) -> Result<EightPiece, FenError> {
    let (board, facing) = place(f)?;
    check_units(&board)?;
    let Castling { rights: castling, partner, king_home, standard, files_used } =
        read_castling(f, &board)?;
    let chess960 = match mode {
        FenMode::Standard => {
            if !standard {
                return Err(FenError::new(
                    "castling",
                    "eightpiece castles only with the king on e1/e8, the rook on h1/h8 (K) and the jailer on a1/a8 (Q)",
                ));
            }
            false
        }
        FenMode::Random => true,
        FenMode::Auto => files_used || !standard,
    };
    let ep = read_ep(f, &board)?;
    let us = f.side;
    // The push field (§6.3, §7.4).
    let push = match f.extra(0) {
        None | Some("-") => None,
        Some(s) => Some(parse_push(s, &board, &facing, us)?),
    };
    if push.is_some() && ep.is_some() {
        return Err(FenError::new("push", "a push and an en-passant square cannot both be set"));
    }
    let pawns = PawnTrack::new(board.kind(EightKind::Pawn).into_iter());
    let mut core = f.core();
    core.castling = castling;
    core.ep = ep;
    let mut pos = EightPiece { board, facing, core, partner, king_home, chess960, push, pawns };
    // The side not to move must not be in check (its king could be taken).
    let tm = pos.push.and_then(|(from, to)| {
        (pos.board.piece_at(to).map(|p| p.kind) == Some(EightKind::Lancer))
            .then(|| (to, banned(from, to)))
    });
    fen::check_side(us, Lite::of(&pos).attacked(pos.king(!us), us, tm))?;
    if let Some(ep) = pos.core.ep {
        pos.core.ep_keyed = pos.ep_capturable(ep);
    }
    pos.core.hash = pos.compute_hash();
    Ok(pos)
}

/// The units on the board, with the lancers' facings as three bit planes.
fn place(f: &Setup) -> Result<(EightBoard, [u64; 3]), FenError> {
    let mut board = EightBoard::empty();
    let mut facing = [0u64; 3];
    for u in &f.units {
        let (sq, c) = (u.square, u.letter);
        let p = Piece::<EightKind>::from_fen_char(c).ok_or_else(|| {
            FenError::new("board", format!("`{c}` is not an 8-Piece Chess letter"))
        })?;
        match (p.kind, u.suffix) {
            (EightKind::Lancer, Some(s)) => {
                let d = Dir::parse(s).ok_or_else(|| {
                    FenError::new(
                        "board",
                        format!("lancer on {}: `{s}` is not a facing", Geo8x8::name(sq)),
                    )
                })?;
                for (k, plane) in facing.iter_mut().enumerate() {
                    if (d.index() >> k) & 1 != 0 {
                        *plane |= 1 << sq.0;
                    }
                }
            }
            (EightKind::Lancer, None) => {
                return Err(FenError::new(
                    "board",
                    format!("lancer on {} has no facing; write e.g. `{c}(n)`", Geo8x8::name(sq)),
                ))
            }
            (_, Some(_)) => {
                return Err(FenError::new(
                    "board",
                    format!("`{c}` on {} takes no suffix", Geo8x8::name(sq)),
                ))
            }
            (_, None) => {}
        }
        board.put(sq, p);
    }
    Ok((board, facing))
}

/// One king a side, at most 8 pawns (pawns are never created), none on its own last rank.
fn check_units(board: &EightBoard) -> Result<(), FenError> {
    for c in Color::ALL {
        let n = board.pieces(EightKind::King, c).count();
        if n != 1 {
            return Err(FenError::new(
                "board",
                format!("{} has {n} kings; exactly one is required", c.name()),
            ));
        }
        let pawns = board.pieces(EightKind::Pawn, c);
        if pawns.count() > 8 {
            return Err(FenError::new(
                "board",
                format!(
                    "{} has {} pawns; pawns are never created, at most 8",
                    c.name(),
                    pawns.count()
                ),
            ));
        }
        // A pawn on its own last rank would have promoted; its own first rank is reachable
        // (pushed there by a sentry).
        let last = Geo8x8::rank_mask(c.select(7, 0));
        if (pawns & last).any() {
            return Err(FenError::new(
                "board",
                format!("a {} pawn stands on its last rank", c.name().to_lowercase()),
            ));
        }
    }
    Ok(())
}

/// What the castling field says.
struct Castling {
    /// Bit `i` for right `i` (`RIGHT_*`).
    rights: u8,
    /// Each right's partner square.
    partner: [Square; 4],
    /// Each side's king square.
    king_home: [Square; 2],
    /// Whether every right is `eightpiece`'s: king on e1/e8, rook on h1/h8 or jailer on a1/a8.
    standard: bool,
    /// Whether Shredder file letters were used.
    files_used: bool,
}

/// Reads the castling field (`KQkq` with X-FEN's outermost partner, or Shredder file letters).
fn read_castling(f: &Setup, board: &EightBoard) -> Result<Castling, FenError> {
    let mut castling = 0u8;
    let mut partner = [Square(7), Square(0), Square(63), Square(56)];
    let mut king_home = [Square(4), Square(60)];
    let mut files_used = false;
    let mut standard = true;
    for t in fen::parse_castling::<Geo8x8>(f.castling)? {
        let c = match t {
            CastleToken::High(c) | CastleToken::Low(c) => c,
            CastleToken::File(c, _) => {
                files_used = true;
                c
            }
        };
        let rank = c.select(0u8, 7);
        let ksq = board.pieces(EightKind::King, c).lsb();
        if Geo8x8::rank(ksq) != rank {
            return Err(FenError::new(
                "castling",
                format!("{} has a castling right but its king is not on its first rank", c.name()),
            ));
        }
        let (psq, kside) = partner_of(t, board, ksq);
        let Some(psq) = psq else {
            return Err(FenError::new(
                "castling",
                format!(
                    "{} castling right `{}` has no rook or jailer to castle with on that side of the king",
                    c.name(),
                    castle_text(t)
                ),
            ));
        };
        let right = match (c, kside) {
            (Color::White, true) => RIGHT_WK,
            (Color::White, false) => RIGHT_WQ,
            (Color::Black, true) => RIGHT_BK,
            (Color::Black, false) => RIGHT_BQ,
        };
        if castling & (1 << right) != 0 {
            return Err(FenError::new(
                "castling",
                format!("two {} rights on the same side of the king", c.name()),
            ));
        }
        castling |= 1 << right;
        partner[right] = psq;
        king_home[c.index()] = ksq;
        let std_kind = if kside { EightKind::Rook } else { EightKind::Jailer };
        let std_file = if kside { 7 } else { 0 };
        if Geo8x8::file(ksq) != 4
            || Geo8x8::file(psq) != std_file
            || board.piece_at(psq).map(|p| p.kind) != Some(std_kind)
        {
            standard = false;
        }
    }
    Ok(Castling { rights: castling, partner, king_home, standard, files_used })
}

/// The partner square a castling token names for the king on `ksq` (`None`: no rook or jailer
/// there), and whether it lies toward the h-file.
fn partner_of(t: CastleToken, board: &EightBoard, ksq: Square) -> (Option<Square>, bool) {
    let (c, kfile, rank) = match t {
        CastleToken::High(c) | CastleToken::Low(c) | CastleToken::File(c, _) => {
            (c, Geo8x8::file(ksq), Geo8x8::rank(ksq))
        }
    };
    let partners = (board.pieces(EightKind::Rook, c) | board.pieces(EightKind::Jailer, c))
        & Geo8x8::rank_mask(rank);
    match t {
        CastleToken::High(_) => {
            let p = partners.into_iter().filter(|s| Geo8x8::file(*s) > kfile).max_by_key(|s| s.0);
            (p, true)
        }
        CastleToken::Low(_) => {
            let p = partners.into_iter().filter(|s| Geo8x8::file(*s) < kfile).min_by_key(|s| s.0);
            (p, false)
        }
        CastleToken::File(_, file) => {
            let sq = Geo8x8::square(i32::from(file), i32::from(rank));
            let p = sq.filter(|s| partners.has(*s) && file != kfile);
            (p, file > kfile)
        }
    }
}

/// Reads the en-passant field (8P-3: after a double step from the 1st or 2nd rank).
fn read_ep(f: &Setup, board: &EightBoard) -> Result<Option<Square>, FenError> {
    let them = !f.side;
    fen::check_ep::<Geo8x8>(fen::parse_ep::<Geo8x8>(f.ep)?, |ep| {
        let r = Geo8x8::rank(ep);
        let ok_rank = match them {
            Color::White => r == 1 || r == 2,
            Color::Black => r == 6 || r == 5,
        };
        let fwd = 8 * i16::from(them.forward());
        let pawn_sq = Square((i16::from(ep.0) + fwd) as u8);
        let origin = Square((i16::from(ep.0) - fwd) as u8);
        ok_rank
            && board.piece_at(pawn_sq) == Some(Piece::new(EightKind::Pawn, them))
            && board.piece_at(ep).is_none()
            && board.piece_at(origin).is_none()
    })
}

fn castle_text(t: CastleToken) -> String {
    match t {
        CastleToken::High(c) => c.select("K", "k").into(),
        CastleToken::Low(c) => c.select("Q", "q").into(),
        CastleToken::File(c, f) => {
            let l = char::from(b'a' + f);
            c.select(l.to_ascii_uppercase(), l).to_string()
        }
    }
}

/// Reads `<from><to>`: the side to move's unit on `to` was pushed there from `from`, where the
/// opponent's sentry now stands. The step must be one that unit could make when pushed.
fn parse_push(
    s: &str,
    board: &EightBoard,
    facing: &[u64; 3],
    us: Color,
) -> Result<(Square, Square), FenError> {
    let bad = |msg: String| FenError::new("push", msg);
    let (from, n) = Geo8x8::parse_square_prefix(s)
        .ok_or_else(|| bad(format!("`{s}` is not `-` or two squares")))?;
    let to = Geo8x8::parse_square(&s[n..])
        .ok_or_else(|| bad(format!("`{s}` is not `-` or two squares")))?;
    if board.piece_at(from) != Some(Piece::new(EightKind::Sentry, !us)) {
        return Err(bad(format!(
            "{} must hold the {} sentry that pushed",
            Geo8x8::name(from),
            (!us).name().to_lowercase()
        )));
    }
    let unit = board.piece_at(to).filter(|p| p.color == us).ok_or_else(|| {
        bad(format!(
            "{} must hold a {} unit (the pushed one)",
            Geo8x8::name(to),
            us.name().to_lowercase()
        ))
    })?;
    let t = tables();
    let (fi, ti) = (from.idx(), to.idx());
    let (df, dr) = (
        i32::from(Geo8x8::file(to)) - i32::from(Geo8x8::file(from)),
        i32::from(Geo8x8::rank(to)) - i32::from(Geo8x8::rank(from)),
    );
    let between = t.between[fi][ti].0;
    let occ = board.occupied().0;
    let orth = df == 0 || dr == 0;
    let diag = df.abs() == dr.abs() && df != 0;
    let fits = match unit.kind {
        // A pawn pushed moves as a pawn of the pusher's colour.
        EightKind::Pawn => dr == i32::from((!us).forward()) && df.abs() <= 1,
        EightKind::Knight => (df.abs(), dr.abs()) == (1, 2) || (df.abs(), dr.abs()) == (2, 1),
        EightKind::King => df.abs() <= 1 && dr.abs() <= 1,
        EightKind::Rook | EightKind::Jailer => orth && between & occ == 0,
        EightKind::Bishop | EightKind::Sentry => diag && between & occ == 0,
        EightKind::Queen => (orth || diag) && between & occ == 0,
        EightKind::Lancer => {
            // Pushed along its facing (passing over the pusher's units) or nudged one step,
            // facing the step: either way it now faces from -> to.
            let f = (((facing[0] >> to.0) & 1)
                | (((facing[1] >> to.0) & 1) << 1)
                | (((facing[2] >> to.0) & 1) << 2)) as usize;
            super::tables::direction(fi, ti) == Some(f) && between & board.color(us).0 == 0
        }
    };
    if !fits {
        return Err(bad(format!(
            "a pushed {:?} cannot have gone from {} to {}",
            unit.kind,
            Geo8x8::name(from),
            Geo8x8::name(to)
        )));
    }
    Ok((from, to))
}

/// Writes the FEN (always with the push field).
pub(super) fn write(pos: &EightPiece) -> String {
    let board = fen::write_board::<Geo8x8>(|sq| {
        let p = pos.board.piece_at(sq)?;
        Some(if p.kind == EightKind::Lancer {
            format!("{}({})", p.fen_char(), Dir::from_index(pos.facing_idx(sq)).name())
        } else {
            p.fen_char().to_string()
        })
    });
    let mut castling = String::new();
    for (i, (std, upper)) in
        [('K', true), ('Q', true), ('k', false), ('q', false)].iter().enumerate()
    {
        if pos.core.castling & (1 << i) != 0 {
            if pos.chess960 {
                let l = char::from(b'a' + pos.partner[i].0 % 8);
                castling.push(if *upper { l.to_ascii_uppercase() } else { l });
            } else {
                castling.push(*std);
            }
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let push = pos
        .push
        .map_or("-".to_string(), |(f, t)| format!("{}{}", Geo8x8::name(f), Geo8x8::name(t)));
    fen::write::<Geo8x8>(&board, None, &pos.core, &castling, Some(&push))
}
