//! Reference rules for `magician` (Chess with the Magician, `../shared/rules/magician.md`): a
//! 64-byte mailbox of FEN letters, every piece described by its Betza parts from the rule
//! book's §3 table, moves found square by square, legality by making the move and scanning
//! every enemy unit for an attack on the king. Deliberately naive and written apart from
//! `movegen` (nothing shared but the rule book's text forms: FEN and coordinate notation).

/// A position in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefMagician {
    /// FEN letters, `.` for empty; index = rank * 8 + file.
    pub sq: [u8; 64],
    /// White to move.
    pub white: bool,
    /// Castling rights K, Q, k, q.
    pub castle: [bool; 4],
    /// En-passant square.
    pub ep: Option<usize>,
    /// Halfmove clock.
    pub half: u32,
    /// Fullmove number.
    pub full: u32,
    /// `magician` field: White, Black may still bring in the Magician.
    pub flags: [bool; 2],
}

/// One part of a piece's powers (Betza atoms).
#[derive(Clone, Copy)]
enum Part {
    /// Leaps to exactly these offsets, whatever stands between.
    Leap(&'static [(i32, i32)]),
    /// Slides along these directions through empty squares, at most this many steps.
    Slide(&'static [(i32, i32)], i32),
}

const WAZIR: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const FERZ: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KING: [(i32, i32); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const ALFIL: [(i32, i32); 4] = [(2, 2), (2, -2), (-2, -2), (-2, 2)];
const DABBABA: [(i32, i32); 4] = [(0, 2), (2, 0), (0, -2), (-2, 0)];

use Part::{Leap, Slide};

/// Non-capturing moves of a piece letter (upper case), per the §3 table.
fn quiet_parts(l: u8) -> Vec<Part> {
    match l {
        b'K' => vec![Leap(&KING)],
        b'N' => vec![Leap(&KNIGHT)],
        b'B' => vec![Slide(&FERZ, 7)],
        b'R' => vec![Slide(&WAZIR, 7)],
        b'Q' => vec![Slide(&KING, 7)],
        // M: mF mnA (diagonal, 1 or 2 squares, sliding).
        b'M' => vec![Slide(&FERZ, 2)],
        // H: mK mnA mnD (any direction, 1 or 2 squares, sliding).
        b'H' => vec![Slide(&KING, 2)],
        // A: mB mW mnD.
        b'A' => vec![Slide(&FERZ, 7), Slide(&WAZIR, 2)],
        // C: mR mF mnA.
        b'C' => vec![Slide(&WAZIR, 7), Slide(&FERZ, 2)],
        // Y: mQ.
        b'Y' => vec![Slide(&KING, 7)],
        _ => vec![],
    }
}

/// Captures of a piece letter (upper case), per the §3 table.
fn capture_parts(l: u8) -> Vec<Part> {
    match l {
        b'K' => vec![Leap(&KING)],
        b'N' => vec![Leap(&KNIGHT)],
        b'B' => vec![Slide(&FERZ, 7)],
        b'R' => vec![Slide(&WAZIR, 7)],
        b'Q' => vec![Slide(&KING, 7)],
        // M: cK cA cD.
        b'M' => vec![Leap(&KING), Leap(&ALFIL), Leap(&DABBABA)],
        // H: cK cA cD cN.
        b'H' => vec![Leap(&KING), Leap(&ALFIL), Leap(&DABBABA), Leap(&KNIGHT)],
        // A: cB cK cA cD cN.
        b'A' => {
            vec![Slide(&FERZ, 7), Leap(&KING), Leap(&ALFIL), Leap(&DABBABA), Leap(&KNIGHT)]
        }
        // C: cR cK cA cD cN.
        b'C' => {
            vec![Slide(&WAZIR, 7), Leap(&KING), Leap(&ALFIL), Leap(&DABBABA), Leap(&KNIGHT)]
        }
        // Y: cQ cN cA cD.
        b'Y' => vec![Slide(&KING, 7), Leap(&KNIGHT), Leap(&ALFIL), Leap(&DABBABA)],
        _ => vec![],
    }
}

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn is_white(c: u8) -> bool {
    c.is_ascii_uppercase()
}

fn family(c: u8) -> bool {
    matches!(c.to_ascii_uppercase(), b'M' | b'H' | b'A' | b'C' | b'Y')
}

impl RefMagician {
    /// Parses a FEN of four, six or seven fields; `None` if it does not parse.
    pub fn from_fen(fen: &str) -> Option<RefMagician> {
        let p: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [b'.'; 64];
        let ranks: Vec<&str> = p.first()?.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i;
            let mut f = 0;
            for c in rank.bytes() {
                if c.is_ascii_digit() {
                    f += usize::from(c - b'0');
                } else {
                    *sq.get_mut(r * 8 + f)? = c;
                    f += 1;
                }
            }
        }
        let white = *p.get(1)? == "w";
        let c = p.get(2)?;
        let castle = [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')];
        let ep = match *p.get(3)? {
            "-" => None,
            s => {
                let b = s.as_bytes();
                at(i32::from(b[0]) - 97, i32::from(b[1]) - 49)
            }
        };
        let half = p.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        let full = p.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
        let m = p.get(6).copied().unwrap_or("Mm");
        let flags = [m.contains('M'), m.contains('m')];
        Some(RefMagician { sq, white, castle, ep, half, full, flags })
    }

    /// Writes the FEN (seven fields).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let c = self.sq[r * 8 + f];
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
        let mut m = String::new();
        if self.flags[0] {
            m.push('M');
        }
        if self.flags[1] {
            m.push('m');
        }
        if m.is_empty() {
            m.push('-');
        }
        format!(
            "{s} {} {c} {ep} {} {} {m}",
            if self.white { 'w' } else { 'b' },
            self.half,
            self.full
        )
    }

    /// Squares reached by `parts` from `from`: with `capture`, the squares it would capture on
    /// (leap landings; the first occupied square of each slide within range), else the empty
    /// squares it may move to.
    fn reach(&self, from: usize, parts: &[Part], capture: bool) -> Vec<usize> {
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let mut out = Vec::new();
        for part in parts {
            match *part {
                Leap(offs) => {
                    for &(dx, dy) in offs {
                        if let Some(to) = at(f + dx, r + dy) {
                            if capture || self.sq[to] == b'.' {
                                out.push(to);
                            }
                        }
                    }
                }
                Slide(dirs, max) => {
                    for &(dx, dy) in dirs {
                        for k in 1..=max {
                            let Some(to) = at(f + k * dx, r + k * dy) else { break };
                            if self.sq[to] != b'.' {
                                if capture {
                                    out.push(to);
                                }
                                break;
                            }
                            if !capture {
                                out.push(to);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether the unit on `from` could capture on `target` (were an enemy there).
    fn hits(&self, from: usize, target: usize) -> bool {
        let c = self.sq[from];
        if c.eq_ignore_ascii_case(&b'P') {
            let dy: i32 = if is_white(c) { 1 } else { -1 };
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            return at(f - 1, r + dy) == Some(target) || at(f + 1, r + dy) == Some(target);
        }
        self.reach(from, &capture_parts(c.to_ascii_uppercase()), true).contains(&target)
    }

    /// Whether `i` is attacked by the side `by_white`.
    pub fn attacked(&self, i: usize, by_white: bool) -> bool {
        (0..64).any(|j| self.sq[j] != b'.' && is_white(self.sq[j]) == by_white && self.hits(j, i))
    }

    fn king(&self, white: bool) -> usize {
        let k = if white { b'K' } else { b'k' };
        self.sq.iter().position(|&c| c == k).expect("king")
    }

    /// The promoted form of `side`'s Magician by the opponent's strongest orthodox piece now
    /// on the board (§4), as an upper-case letter, or `None` (MG-2).
    fn form_for(&self, white: bool) -> Option<u8> {
        let theirs = |l: u8| {
            self.sq
                .iter()
                .any(|&c| c != b'.' && is_white(c) != white && c.to_ascii_uppercase() == l)
        };
        [(b'Q', b'Y'), (b'R', b'C'), (b'B', b'A'), (b'N', b'H')]
            .into_iter()
            .find(|&(o, _)| theirs(o))
            .map(|(_, f)| f)
    }

    /// Promotes `white`'s unpromoted Magician(s), if the table gives a form.
    fn promote_magician(&mut self, white: bool) {
        let m = if white { b'M' } else { b'm' };
        if let Some(form) = self.form_for(white) {
            let form = if white { form } else { form.to_ascii_lowercase() };
            for c in self.sq.iter_mut() {
                if *c == m {
                    *c = form;
                }
            }
        }
    }

    /// Every legal move as (coordinate text, resulting position).
    pub fn moves(&self) -> Vec<(String, RefMagician)> {
        let mut out = Vec::new();
        for (text, next) in self.pseudo() {
            if !next.attacked(next.king(self.white), !self.white) {
                out.push((text, next));
            }
        }
        out
    }

    /// The position after moving `from` -> `to` placing `put` there (clocks, rights, side).
    fn after(&self, from: usize, to: usize, put: u8) -> RefMagician {
        let mut n = self.clone();
        let capture = n.sq[to] != b'.';
        let pawn = n.sq[from].eq_ignore_ascii_case(&b'P');
        n.sq[from] = b'.';
        n.sq[to] = put;
        n.half = if capture || pawn { 0 } else { self.half + 1 };
        n.ep = None;
        for s in [from, to] {
            match s {
                0 => n.castle[1] = false,
                7 => n.castle[0] = false,
                56 => n.castle[3] = false,
                63 => n.castle[2] = false,
                4 => {
                    n.castle[0] = false;
                    n.castle[1] = false;
                }
                60 => {
                    n.castle[2] = false;
                    n.castle[3] = false;
                }
                _ => {}
            }
        }
        n.white = !self.white;
        if !self.white {
            n.full += 1;
        }
        n
    }

    fn pseudo(&self) -> Vec<(String, RefMagician)> {
        let mut out = Vec::new();
        let us = self.white;
        let own = |c: u8| c != b'.' && is_white(c) == us;
        let foe = |c: u8| c != b'.' && is_white(c) != us;
        let side = usize::from(!us);
        for from in 0..64 {
            let c = self.sq[from];
            if !own(c) {
                continue;
            }
            let l = c.to_ascii_uppercase();
            if l == b'P' {
                self.pawn_moves(from, &mut out);
                continue;
            }
            let mut targets = self.reach(from, &quiet_parts(l), false);
            targets.extend(
                self.reach(from, &capture_parts(l), true).into_iter().filter(|&t| foe(self.sq[t])),
            );
            targets.sort_unstable();
            targets.dedup();
            for to in targets {
                out.push((format!("{}{}", name(from), name(to)), self.after(from, to, c)));
            }
            // The switch (§2, MG-1): a bishop off c1/f1 (White) or c8/f8 (Black).
            let home = if us { [2, 5] } else { [58, 61] };
            if l == b'B' && self.flags[side] && !home.contains(&from) {
                let mut n = self.after(from, from, if us { b'M' } else { b'm' });
                n.half = self.half + 1; // not a capture, not a pawn move
                n.flags[side] = false;
                out.push((format!("{}{}m", name(from), name(from)), n));
            }
        }
        // Castling: right kept, king and rook at home, squares between empty, the king not in
        // check, and neither square it crosses or lands on attacked with the king standing
        // there and its start square empty (rule book README).
        let (base, k, kr, qr, rook) =
            if us { (0, b'K', 0, 1, b'R') } else { (56, b'k', 2, 3, b'r') };
        if self.sq[base + 4] == k && !self.attacked(base + 4, !us) {
            let safe = |s: usize| {
                let mut t = self.clone();
                t.sq[base + 4] = b'.';
                t.sq[s] = k;
                !t.attacked(s, !us)
            };
            if self.castle[kr]
                && self.sq[base + 7] == rook
                && self.sq[base + 5] == b'.'
                && self.sq[base + 6] == b'.'
                && safe(base + 5)
                && safe(base + 6)
            {
                let mut n = self.after(base + 4, base + 6, k);
                n.sq[base + 7] = b'.';
                n.sq[base + 5] = rook;
                out.push((format!("{}{}", name(base + 4), name(base + 6)), n));
            }
            if self.castle[qr]
                && self.sq[base] == rook
                && self.sq[base + 1] == b'.'
                && self.sq[base + 2] == b'.'
                && self.sq[base + 3] == b'.'
                && safe(base + 3)
                && safe(base + 2)
            {
                let mut n = self.after(base + 4, base + 2, k);
                n.sq[base] = b'.';
                n.sq[base + 3] = rook;
                out.push((format!("{}{}", name(base + 4), name(base + 2)), n));
            }
        }
        out
    }

    /// Pawn moves from `from`: pushes, double step, captures, e.p., promotions (Q R B N, and M
    /// while the flag is set), with the 6th-rank trigger (§4).
    fn pawn_moves(&self, from: usize, out: &mut Vec<(String, RefMagician)>) {
        let us = self.white;
        let c = self.sq[from];
        let side = usize::from(!us);
        let (f, r) = ((from % 8) as i32, (from / 8) as i32);
        let dy = if us { 1 } else { -1 };
        let last = if us { 7 } else { 0 };
        let sixth = if us { 5 } else { 2 };
        let foe = |x: u8| x != b'.' && is_white(x) != us;
        let finish = |mut n: RefMagician, to: usize| {
            if (to / 8) as i32 == sixth {
                n.promote_magician(us);
            }
            n
        };
        let add = |to: usize, out: &mut Vec<(String, RefMagician)>| {
            if (to / 8) as i32 == last {
                let mut choices = vec![b'q', b'r', b'b', b'n'];
                if self.flags[side] {
                    choices.push(b'm');
                }
                for p in choices {
                    let piece = if us { p.to_ascii_uppercase() } else { p };
                    let mut n = self.after(from, to, piece);
                    if p == b'm' {
                        n.flags[side] = false;
                        n.promote_magician(us);
                    }
                    out.push((format!("{}{}{}", name(from), name(to), p as char), n));
                }
            } else {
                out.push((
                    format!("{}{}", name(from), name(to)),
                    finish(self.after(from, to, c), to),
                ));
            }
        };
        if let Some(to) = at(f, r + dy) {
            if self.sq[to] == b'.' {
                add(to, out);
                let start = if us { 1 } else { 6 };
                if r == start {
                    let to2 = at(f, r + 2 * dy).expect("on board");
                    if self.sq[to2] == b'.' {
                        let mut n = self.after(from, to2, c);
                        n.ep = Some(to);
                        out.push((format!("{}{}", name(from), name(to2)), n));
                    }
                }
            }
        }
        for dx in [-1, 1] {
            if let Some(to) = at(f + dx, r + dy) {
                if foe(self.sq[to]) {
                    add(to, out);
                } else if self.ep == Some(to) {
                    let mut n = self.after(from, to, c);
                    n.sq[at(f + dx, r).expect("on board")] = b'.';
                    n.half = 0;
                    out.push((format!("{}{}", name(from), name(to)), finish(n, to)));
                }
            }
        }
    }

    /// Whether the position is one the rules allow as a starting point for the checks the
    /// reference makes on FEN input (MG-3 and the basics); used by the FEN tests.
    pub fn valid(&self) -> bool {
        let count = |pred: &dyn Fn(u8) -> bool| self.sq.iter().filter(|&&c| pred(c)).count();
        let kings_ok = count(&|c| c == b'K') == 1 && count(&|c| c == b'k') == 1;
        if !kings_ok {
            return false;
        }
        for (side, white) in [(0, true), (1, false)] {
            let n = count(&|c| c != b'.' && family(c) && is_white(c) == white);
            if n > 1 || (n == 1 && self.flags[side]) {
                return false;
            }
        }
        !self.attacked(self.king(!self.white), self.white)
    }

    /// Perft by the reference rules (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}
