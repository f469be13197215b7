//! Reference Jumping Knights (`../shared/rules/jumpingknights.md`): a 100-byte mailbox of FEN
//! letters, every unit's moves walked square by square straight from the rule text, legality by
//! making the move and asking whether any enemy unit has a capture whose victim is the king
//! (JK-4), then the Rule 4 filter (JK-5) by making every move and looking for check.
//! Deliberately naive and independent of `movegen` (own FEN reader and writer, own notation).

/// A position in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefJk {
    /// FEN letters, `.` for empty; index = rank * 10 + file (file 0 = `z`, rank 0..9).
    pub sq: [u8; 100],
    /// White to move.
    pub white: bool,
    /// Castling rights K, Q, k, q.
    pub castle: [bool; 4],
    /// En-passant square (the square skipped by the last double step).
    pub ep: Option<usize>,
    /// Halfmove clock.
    pub half: u32,
    /// Fullmove number.
    pub full: u32,
}

const FILES: &[u8; 10] = b"zabcdefghi";

/// Square name (`z0` .. `i9`).
pub fn name(i: usize) -> String {
    format!("{}{}", FILES[i % 10] as char, i / 10)
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..10).contains(&f) && (0..10).contains(&r)).then(|| (r * 10 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 10) as i32, (i / 10) as i32)
}

/// Whether `i` is one of the 64 central squares a1-h8.
pub fn central(i: usize) -> bool {
    let (f, r) = fr(i);
    (1..=8).contains(&f) && (1..=8).contains(&r)
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// One capture: mover's square, victim's square, landing square, and whether it is e.p.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cap {
    from: usize,
    victim: usize,
    land: usize,
    /// For e.p.: the skipped square that is jumped (the victim stands beside the mover).
    skipped: Option<usize>,
}

/// A legal move of the reference: its text and the position it leads to.
#[derive(Clone, Debug)]
pub struct RefMove {
    /// Coordinate notation.
    pub text: String,
    /// The position after it.
    pub next: RefJk,
    /// A capture made from an edge square that lands on a central square.
    pub edge_to_central_capture: bool,
}

impl RefJk {
    /// Parses a FEN; `None` if it does not parse (the reference trusts its input otherwise).
    pub fn from_fen(fen: &str) -> Option<RefJk> {
        let p: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [b'.'; 100];
        let ranks: Vec<&str> = p.first()?.split('/').collect();
        if ranks.len() != 10 {
            return None;
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 9 - i;
            let mut f = 0usize;
            let b = rank.as_bytes();
            let mut k = 0;
            while k < b.len() {
                if b[k].is_ascii_digit() {
                    let mut n = 0usize;
                    while k < b.len() && b[k].is_ascii_digit() {
                        n = n * 10 + usize::from(b[k] - b'0');
                        k += 1;
                    }
                    f += n;
                } else {
                    if f >= 10 {
                        return None;
                    }
                    sq[r * 10 + f] = b[k];
                    f += 1;
                    k += 1;
                }
            }
            if f != 10 {
                return None;
            }
        }
        let white = *p.get(1)? == "w";
        let c = p.get(2)?;
        let castle = [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')];
        let ep = match *p.get(3)? {
            "-" => None,
            s => {
                let b = s.as_bytes();
                let f = FILES.iter().position(|&x| x == b[0])? as i32;
                at(f, i32::from(b[1]) - 48)
            }
        };
        let half = p.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        let full = p.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
        Some(RefJk { sq, white, castle, ep, half, full })
    }

    /// Writes the FEN (the e.p. square after every double step, as the rule book's FEN does).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..10).rev() {
            let mut empty = 0;
            for f in 0..10 {
                let c = self.sq[r * 10 + f];
                if c == b'.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c as char);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if r > 0 {
                s.push('/');
            }
        }
        let mut c = String::new();
        for (i, l) in ['K', 'Q', 'k', 'q'].iter().enumerate() {
            if self.castle[i] {
                c.push(*l);
            }
        }
        if c.is_empty() {
            c.push('-');
        }
        let ep = self.ep.map_or("-".into(), name);
        format!("{s} {} {c} {ep} {} {}", if self.white { 'w' } else { 'b' }, self.half, self.full)
    }

    fn side_of(c: u8) -> Option<bool> {
        (c != b'.').then(|| c.is_ascii_uppercase())
    }

    fn empty(&self, i: usize) -> bool {
        self.sq[i] == b'.'
    }

    /// Every capture the side `white` could make by the capture rules, kings included as
    /// victims (used for check) unless `kings_immune`.
    fn captures(&self, white: bool, kings_immune: bool) -> Vec<Cap> {
        let mut out = Vec::new();
        let foe = |c: u8| {
            Self::side_of(c) == Some(!white) && !(kings_immune && c.eq_ignore_ascii_case(&b'K'))
        };
        for from in 0..100 {
            let c = self.sq[from];
            if Self::side_of(c) != Some(white) {
                continue;
            }
            let (f, r) = fr(from);
            let line = |dx: i32, dy: i32, ride: bool, out: &mut Vec<Cap>| {
                // Approach: empty squares, then the victim.
                let mut k = 1;
                loop {
                    let Some(s) = at(f + k * dx, r + k * dy) else { return };
                    if self.empty(s) {
                        if !ride {
                            return;
                        }
                        k += 1;
                        continue;
                    }
                    if !foe(self.sq[s]) {
                        return;
                    }
                    // Continuation: one or more empty squares (one only for a non-rider).
                    let mut j = 1;
                    while let Some(l) = at(f + (k + j) * dx, r + (k + j) * dy) {
                        if !self.empty(l) {
                            break;
                        }
                        out.push(Cap { from, victim: s, land: l, skipped: None });
                        if !ride {
                            break;
                        }
                        j += 1;
                    }
                    return;
                }
            };
            match c.to_ascii_uppercase() {
                b'K' => {
                    for (dx, dy) in ORTHO.iter().chain(DIAG.iter()) {
                        line(*dx, *dy, false, &mut out);
                    }
                }
                b'Q' => {
                    for (dx, dy) in ORTHO.iter().chain(DIAG.iter()) {
                        line(*dx, *dy, true, &mut out);
                    }
                }
                b'R' => {
                    for (dx, dy) in ORTHO {
                        line(dx, dy, true, &mut out);
                    }
                }
                b'B' => {
                    for (dx, dy) in DIAG {
                        line(dx, dy, true, &mut out);
                    }
                }
                b'N' => {
                    for (dx, dy) in KNIGHT {
                        line(dx, dy, true, &mut out);
                    }
                }
                b'W' => {
                    // JK-2: a 1-step or 3-jump onto the victim (what the 3-jump passes over does
                    // not matter), then a 1-step or 3-jump beyond it onto an empty square.
                    for (dx, dy) in ORTHO {
                        for a in [1, 3] {
                            let Some(v) = at(f + a * dx, r + a * dy) else { continue };
                            if !foe(self.sq[v]) {
                                continue;
                            }
                            for b in [1, 3] {
                                if let Some(l) = at(f + (a + b) * dx, r + (a + b) * dy) {
                                    if self.empty(l) {
                                        out.push(Cap { from, victim: v, land: l, skipped: None });
                                    }
                                }
                            }
                        }
                    }
                }
                b'P' => {
                    let dy = if white { 1 } else { -1 };
                    for dx in [-1, 1] {
                        if let (Some(v), Some(l)) = (at(f + dx, r + dy), at(f + 2 * dx, r + 2 * dy))
                        {
                            if foe(self.sq[v]) && self.empty(l) {
                                out.push(Cap { from, victim: v, land: l, skipped: None });
                            }
                            // JK-3: jump the skipped square; the double-stepped pawn beside is
                            // removed.
                            if Some(v) == self.ep && white == self.white && self.empty(l) {
                                let beside = at(f + dx, r).expect("on board");
                                out.push(Cap { from, victim: beside, land: l, skipped: Some(v) });
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn king(&self, white: bool) -> usize {
        let k = if white { b'K' } else { b'k' };
        self.sq.iter().position(|&c| c == k).expect("king")
    }

    /// Whether the king of `white` could be captured by the other side (JK-4).
    pub fn king_capturable(&self, white: bool) -> bool {
        let k = self.king(white);
        self.captures(!white, false).iter().any(|c| c.victim == k && c.skipped.is_none())
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king_capturable(self.white)
    }

    fn after(&self, from: usize, to: usize, put: u8, remove: Option<usize>) -> RefJk {
        let mut n = self.clone();
        let pawn = n.sq[from].eq_ignore_ascii_case(&b'P');
        n.sq[from] = b'.';
        if let Some(v) = remove {
            n.sq[v] = b'.';
        }
        n.sq[to] = put;
        n.half = if remove.is_some() || pawn { 0 } else { self.half + 1 };
        n.ep = None;
        n.white = !self.white;
        if !self.white {
            n.full += 1;
        }
        n.fix_rights();
        n
    }

    /// A right survives only while its king and rook stay on their home squares.
    fn fix_rights(&mut self) {
        let homes = [
            (15, 18, b'K', b'R'),
            (15, 11, b'K', b'R'),
            (85, 88, b'k', b'r'),
            (85, 81, b'k', b'r'),
        ];
        for (i, (k, r, kc, rc)) in homes.iter().enumerate() {
            self.castle[i] = self.castle[i] && self.sq[*k] == *kc && self.sq[*r] == *rc;
        }
    }

    /// Moves before the legality test: (text, position, edge-to-central capture).
    fn pseudo(&self) -> Vec<(String, RefJk, bool)> {
        let us = self.white;
        let mut out = Vec::new();
        let promo_letters = [b'q', b'r', b'b', b'n', b'w'];
        let case = |p: u8| if us { p.to_ascii_uppercase() } else { p };
        let promotes = |i: usize| {
            let r = i / 10;
            if us {
                r >= 8
            } else {
                r <= 1
            }
        };
        // Captures.
        for c in self.captures(us, true) {
            let mover = self.sq[c.from];
            let (jumped, text_land) = (c.skipped.unwrap_or(c.victim), c.land);
            let base =
                format!("{}{},{}{}", name(c.from), name(jumped), name(jumped), name(text_land));
            let edge_central = !central(c.from) && central(c.land);
            if mover.eq_ignore_ascii_case(&b'P') && promotes(c.land) {
                for p in promo_letters {
                    let n = self.after(c.from, c.land, case(p), Some(c.victim));
                    out.push((format!("{base}{}", p as char), n, edge_central));
                }
            } else {
                out.push((base, self.after(c.from, c.land, mover, Some(c.victim)), edge_central));
            }
        }
        // Non-captures: they end on central squares only.
        for from in 0..100 {
            let c = self.sq[from];
            if Self::side_of(c) != Some(us) {
                continue;
            }
            let (f, r) = fr(from);
            let quiet = |to: usize, out: &mut Vec<(String, RefJk, bool)>| {
                if central(to) && self.empty(to) {
                    out.push((
                        format!("{}{}", name(from), name(to)),
                        self.after(from, to, c, None),
                        false,
                    ));
                }
            };
            let rides: &[(i32, i32)] = match c.to_ascii_uppercase() {
                b'Q' => &[(0, 1), (1, 0), (0, -1), (-1, 0), (1, 1), (1, -1), (-1, -1), (-1, 1)],
                b'R' => &ORTHO,
                b'B' => &DIAG,
                b'N' => &KNIGHT,
                _ => &[],
            };
            for &(dx, dy) in rides {
                let mut k = 1;
                while let Some(s) = at(f + k * dx, r + k * dy) {
                    if !self.empty(s) {
                        break;
                    }
                    quiet(s, &mut out);
                    k += 1;
                }
            }
            match c.to_ascii_uppercase() {
                b'K' => {
                    for (dx, dy) in ORTHO.iter().chain(DIAG.iter()) {
                        if let Some(s) = at(f + dx, r + dy) {
                            quiet(s, &mut out);
                        }
                    }
                }
                b'W' => {
                    for (dx, dy) in ORTHO {
                        for a in [1, 3] {
                            if let Some(s) = at(f + a * dx, r + a * dy) {
                                quiet(s, &mut out);
                            }
                        }
                    }
                }
                b'P' => {
                    let dy = if us { 1 } else { -1 };
                    if let Some(one) = at(f, r + dy) {
                        if central(one) && self.empty(one) {
                            if promotes(one) {
                                for p in promo_letters {
                                    out.push((
                                        format!("{}{}{}", name(from), name(one), p as char),
                                        self.after(from, one, case(p), None),
                                        false,
                                    ));
                                }
                            } else {
                                quiet(one, &mut out);
                            }
                            let start = if us { 2 } else { 7 };
                            if r == start {
                                if let Some(two) = at(f, r + 2 * dy) {
                                    if central(two) && self.empty(two) {
                                        let mut n = self.after(from, two, c, None);
                                        n.ep = Some(one);
                                        out.push((
                                            format!("{}{}", name(from), name(two)),
                                            n,
                                            false,
                                        ));
                                    }
                                }
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        // Castling: rights, king and rook home, squares between empty, not in check, and the
        // king standing on each square it passes or lands on (start square empty, rook still
        // home) not in check.
        let (base, kc, rc, ki, qi) =
            if us { (10, b'K', b'R', 0, 1) } else { (80, b'k', b'r', 2, 3) };
        if self.sq[base + 5] == kc && !self.in_check() {
            let king_on = |s: usize| {
                let mut t = self.clone();
                t.sq[base + 5] = b'.';
                t.sq[s] = kc;
                !t.king_capturable(us)
            };
            if self.castle[ki]
                && self.sq[base + 8] == rc
                && self.empty(base + 6)
                && self.empty(base + 7)
                && king_on(base + 6)
                && king_on(base + 7)
            {
                let mut n = self.after(base + 5, base + 7, kc, None);
                n.sq[base + 8] = b'.';
                n.sq[base + 6] = rc;
                n.fix_rights();
                out.push((format!("{}{}", name(base + 5), name(base + 7)), n, false));
            }
            if self.castle[qi]
                && self.sq[base + 1] == rc
                && self.empty(base + 2)
                && self.empty(base + 3)
                && self.empty(base + 4)
                && king_on(base + 4)
                && king_on(base + 3)
            {
                let mut n = self.after(base + 5, base + 3, kc, None);
                n.sq[base + 1] = b'.';
                n.sq[base + 4] = rc;
                n.fix_rights();
                out.push((format!("{}{}", name(base + 5), name(base + 3)), n, false));
            }
        }
        out
    }

    /// Every move that does not leave the own king capturable (before Rule 4).
    pub fn moves_without_rule4(&self) -> Vec<RefMove> {
        self.pseudo()
            .into_iter()
            .filter(|(_, n, _)| !n.king_capturable(self.white))
            .map(|(text, next, e)| RefMove { text, next, edge_to_central_capture: e })
            .collect()
    }

    /// Every legal move (Rule 4 applied: when an edge unit has a legal capture onto a central
    /// square, only such captures and checking moves remain).
    pub fn legal(&self) -> Vec<RefMove> {
        let all = self.moves_without_rule4();
        if all.iter().any(|m| m.edge_to_central_capture) {
            all.into_iter().filter(|m| m.edge_to_central_capture || m.next.in_check()).collect()
        } else {
            all
        }
    }

    /// Every legal move as (coordinate text, resulting position).
    pub fn moves(&self) -> Vec<(String, RefJk)> {
        self.legal().into_iter().map(|m| (m.text, m.next)).collect()
    }

    /// Perft by the reference rules (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| m.next.perft(depth - 1)).sum()
    }
}
