//! Reference TamerSpiel (`../shared/rules/tamerspiel.md`): a 96-byte mailbox of FEN letters
//! (`*` for the squares that do not exist), every move found by walking the board square by
//! square, legality by making the move and scanning every enemy unit for an attack on the royal.
//! Deliberately naive and written apart from `movegen` (no tables, no bitboards).

/// A position in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefTs {
    /// FEN letters, `.` for empty, `*` for a square that does not exist; index = rank * 12 + file.
    pub sq: [u8; 96],
    /// White to move.
    pub white: bool,
    /// Castling rights K (White, toward l), Q (White, toward a), k, q.
    pub castle: [bool; 4],
    /// Swap still available: White, Black.
    pub swap: [bool; 2],
    /// Halfmove clock.
    pub half: u32,
    /// Fullmove number.
    pub full: u32,
}

const FILES: &[u8; 12] = b"abcdefghijkl";

fn name(i: usize) -> String {
    format!("{}{}", FILES[i % 12] as char, i / 12 + 1)
}

/// The square at file `f`, rank `r` if it exists (files b..k on every rank, a and l only on
/// ranks 1 and 8).
fn at(f: i32, r: i32) -> Option<usize> {
    if !(0..12).contains(&f) || !(0..8).contains(&r) {
        return None;
    }
    if (f == 0 || f == 11) && r != 0 && r != 7 {
        return None;
    }
    Some((r * 12 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 12) as i32, (i / 12) as i32)
}

fn is_unit(c: u8) -> bool {
    c.is_ascii_alphabetic()
}

fn white_unit(c: u8) -> bool {
    c.is_ascii_uppercase()
}

/// The next piece of the citadel promotion chain (upper-case letters).
fn chain(l: u8) -> Option<u8> {
    Some(match l {
        b'V' => b'L',
        b'L' => b'W',
        b'F' => b'E',
        b'E' => b'Q',
        b'G' => b'C',
        b'C' => b'S',
        b'R' => b'M',
        b'N' => b'O',
        b'B' => b'A',
        b'K' => b'T',
        _ => return None,
    })
}

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAGS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];
const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

impl RefTs {
    /// Parses a FEN of the rule book's shape; `None` if it does not parse.
    pub fn from_fen(fen: &str) -> Option<RefTs> {
        let p: Vec<&str> = fen.split_whitespace().collect();
        let mut sq = [b'.'; 96];
        let ranks: Vec<&str> = p.first()?.split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i;
            let b = rank.as_bytes();
            let mut f = 0usize;
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
                    *sq.get_mut(r * 12 + f)? = b[k];
                    f += 1;
                    k += 1;
                }
            }
            if f != 12 {
                return None;
            }
        }
        let white = *p.get(1)? == "w";
        let c = p.get(2)?;
        let castle = [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')];
        let half = p.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        let full = p.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
        let s = p.get(6).copied().unwrap_or("wb");
        let swap = [s.contains('w'), s.contains('b')];
        Some(RefTs { sq, white, castle, swap, half, full })
    }

    /// Writes the FEN.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..12 {
                let c = self.sq[r * 12 + f];
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
        let sw = match self.swap {
            [true, true] => "wb",
            [true, false] => "w",
            [false, true] => "b",
            [false, false] => "-",
        };
        format!("{s} {} {c} - {} {} {sw}", if self.white { 'w' } else { 'b' }, self.half, self.full)
    }

    fn empty(&self, i: usize) -> bool {
        self.sq[i] == b'.'
    }

    /// The squares the unit on `from` attacks: where it could capture if an enemy unit stood
    /// there (the pawn: its two forward diagonals only).
    pub fn attacks_from(&self, from: usize) -> Vec<usize> {
        let c = self.sq[from];
        let white = white_unit(c);
        let (f, r) = fr(from);
        let mut out = Vec::new();
        let jump = |dx: i32, dy: i32, out: &mut Vec<usize>| {
            if let Some(t) = at(f + dx, r + dy) {
                out.push(t);
            }
        };
        let ride = |dx: i32, dy: i32, out: &mut Vec<usize>| {
            let (mut x, mut y) = (f + dx, r + dy);
            while let Some(t) = at(x, y) {
                out.push(t);
                if !self.empty(t) {
                    break;
                }
                x += dx;
                y += dy;
            }
        };
        let l = c.to_ascii_uppercase();
        let has = |set: &[u8]| set.contains(&l);
        // One-step orthogonal.
        if has(b"KTDVGELSO") {
            for (dx, dy) in ORTHO {
                jump(dx, dy, &mut out);
            }
        }
        // One-step diagonal.
        if has(b"KTFGELSO") {
            for (dx, dy) in DIAGS {
                jump(dx, dy, &mut out);
            }
        }
        if l == b'F' {
            // Straight backward for its owner.
            jump(0, if white { -1 } else { 1 }, &mut out);
        }
        if l == b'P' {
            let dy = if white { 1 } else { -1 };
            jump(-1, dy, &mut out);
            jump(1, dy, &mut out);
        }
        // Orthogonal 2-jump.
        if has(b"DLC") {
            for (dx, dy) in ORTHO {
                jump(2 * dx, 2 * dy, &mut out);
            }
        }
        // Diagonal 2-jump (TS-1 for the Tetrarch).
        if has(b"TLC") {
            for (dx, dy) in DIAGS {
                jump(2 * dx, 2 * dy, &mut out);
            }
        }
        if has(b"NECAMW") {
            for (dx, dy) in KNIGHT {
                jump(dx, dy, &mut out);
            }
        }
        if has(b"RMQW") {
            for (dx, dy) in ORTHO {
                ride(dx, dy, &mut out);
            }
        }
        if has(b"BAQW") {
            for (dx, dy) in DIAGS {
                ride(dx, dy, &mut out);
            }
        }
        if l == b'O' {
            // Two king steps through an empty middle square.
            for dx in -2..=2i32 {
                for dy in -2..=2i32 {
                    if dx.abs().max(dy.abs()) != 2 {
                        continue;
                    }
                    let Some(t) = at(f + dx, r + dy) else { continue };
                    let mut open = false;
                    for (mx, my) in ORTHO.iter().chain(DIAGS.iter()) {
                        if (dx - mx).abs() <= 1 && (dy - my).abs() <= 1 {
                            if let Some(m) = at(f + mx, r + my) {
                                open |= self.empty(m);
                            }
                        }
                    }
                    if open {
                        out.push(t);
                    }
                }
            }
        }
        if l == b'S' {
            self.cavalier(f, r, &mut out);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The Cavalier from (f, r): diagonal step then an orthogonal slide outward, or an
    /// orthogonal slide then a diagonal step outward.
    fn cavalier(&self, f: i32, r: i32, out: &mut Vec<usize>) {
        for (dx, dy) in DIAGS {
            // Diagonal first: the diagonal square is passed over, so it must be empty.
            if let Some(d) = at(f + dx, r + dy) {
                if self.empty(d) {
                    for (sx, sy) in [(dx, 0), (0, dy)] {
                        let (mut x, mut y) = (f + dx + sx, r + dy + sy);
                        while let Some(t) = at(x, y) {
                            out.push(t);
                            if !self.empty(t) {
                                break;
                            }
                            x += sx;
                            y += sy;
                        }
                    }
                }
            }
            // Straight first, along x or along y, then the diagonal step (dx, dy).
            for (sx, sy) in [(dx, 0), (0, dy)] {
                let (mut x, mut y) = (f + sx, r + sy);
                while let Some(t) = at(x, y) {
                    if !self.empty(t) {
                        break;
                    }
                    if let Some(dest) = at(x + dx, y + dy) {
                        out.push(dest);
                    }
                    x += sx;
                    y += sy;
                }
            }
        }
    }

    /// Whether `i` is attacked by the side `by_white`.
    pub fn attacked(&self, i: usize, by_white: bool) -> bool {
        (0..96).any(|from| {
            let c = self.sq[from];
            is_unit(c) && white_unit(c) == by_white && self.attacks_from(from).contains(&i)
        })
    }

    fn royal(&self, white: bool) -> usize {
        let (k, t) = if white { (b'K', b'T') } else { (b'k', b't') };
        self.sq.iter().position(|&c| c == k || c == t).expect("royal")
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.attacked(self.royal(self.white), !self.white)
    }

    fn clear_rights(&mut self, s: usize) {
        match s {
            0 => self.castle[1] = false,
            11 => self.castle[0] = false,
            84 => self.castle[3] = false,
            95 => self.castle[2] = false,
            6 => {
                self.castle[0] = false;
                self.castle[1] = false;
            }
            89 => {
                self.castle[2] = false;
                self.castle[3] = false;
            }
            _ => {}
        }
    }

    /// What a unit `c` of the side to move becomes on arriving on `to` (citadel promotion; the
    /// bishop also on the enemy corner squares).
    fn arrive(&self, c: u8, to: usize) -> u8 {
        let white = white_unit(c);
        let l = c.to_ascii_uppercase();
        let zone: &[usize] = match (white, l == b'B') {
            (true, false) => &[84, 95],
            (true, true) => &[84, 95, 85, 94],
            (false, false) => &[0, 11],
            (false, true) => &[0, 11, 1, 10],
        };
        if l != b'P' && zone.contains(&to) {
            if let Some(n) = chain(l) {
                return if white { n } else { n.to_ascii_lowercase() };
            }
        }
        c
    }

    fn finish(&self, mut n: RefTs, reset: bool) -> RefTs {
        n.half = if reset { 0 } else { self.half + 1 };
        n.white = !self.white;
        if !self.white {
            n.full += 1;
        }
        n
    }

    fn after(&self, from: usize, to: usize, put: u8) -> RefTs {
        let mut n = self.clone();
        let capture = is_unit(n.sq[to]);
        let pawn = n.sq[from].eq_ignore_ascii_case(&b'P');
        n.sq[to] = put;
        n.sq[from] = b'.';
        n.clear_rights(from);
        n.clear_rights(to);
        self.finish(n, capture || pawn)
    }

    /// Every legal move as (coordinate text, resulting position).
    pub fn moves(&self) -> Vec<(String, RefTs)> {
        let us = self.white;
        self.pseudo().into_iter().filter(|(_, next)| !next.attacked(next.royal(us), !us)).collect()
    }

    fn pseudo(&self) -> Vec<(String, RefTs)> {
        let mut out = Vec::new();
        let us = self.white;
        let own = |c: u8| is_unit(c) && white_unit(c) == us;
        let foe = |c: u8| is_unit(c) && white_unit(c) != us;
        let text = |a: usize, b: usize| format!("{}{}", name(a), name(b));
        for from in 0..96 {
            let c = self.sq[from];
            if !own(c) {
                continue;
            }
            let (f, r) = fr(from);
            if c.eq_ignore_ascii_case(&b'P') {
                let dy = if us { 1 } else { -1 };
                let last = if us { 7 } else { 0 };
                let seventh = if us { 6 } else { 1 };
                let d = if us { b'D' } else { b'd' };
                let mut add = |to: usize| {
                    let (tf, tr) = fr(to);
                    if tr == last {
                        out.push((text(from, to) + "d", self.after(from, to, d)));
                    } else {
                        out.push((text(from, to), self.after(from, to, c)));
                        if tr == seventh && (tf == 1 || tf == 10) {
                            out.push((text(from, to) + "d", self.after(from, to, d)));
                        }
                    }
                };
                if let Some(to) = at(f, r + dy) {
                    if self.empty(to) {
                        add(to);
                    }
                }
                for dx in [-1, 1] {
                    if let Some(to) = at(f + dx, r + dy) {
                        if foe(self.sq[to]) {
                            add(to);
                        }
                    }
                }
                continue;
            }
            for to in self.attacks_from(from) {
                if !own(self.sq[to]) {
                    out.push((text(from, to), self.after(from, to, self.arrive(c, to))));
                }
            }
        }
        self.castlings(&mut out);
        self.swaps(&mut out);
        out
    }

    /// Castling per §6 (FIDE conditions; "attacked" with the king's start square empty and the
    /// rook still home, per the rule book README). Leaving the king in check afterwards is
    /// caught by the general legality filter.
    fn castlings(&self, out: &mut Vec<(String, RefTs)>) {
        let us = self.white;
        // (right index, king from, king to, rook from, rook to)
        let options: [(usize, usize, usize, usize, usize); 2] = if us {
            [(0, 6, 9, 11, 8), (1, 6, 2, 0, 3)]
        } else {
            [(2, 89, 93, 95, 92), (3, 89, 86, 84, 87)]
        };
        let (k, rook) = if us { (b'K', b'R') } else { (b'k', b'r') };
        for (right, kf, kt, rf, rt) in options {
            if !self.castle[right] || self.sq[kf] != k || self.sq[rf] != rook {
                continue;
            }
            let (lo, hi) = (kf.min(rf), kf.max(rf));
            if !(lo + 1..hi).all(|s| self.empty(s)) {
                continue;
            }
            if self.attacked(kf, !us) {
                continue;
            }
            let mut lifted = self.clone();
            lifted.sq[kf] = b'.';
            let (wlo, whi) = (kf.min(kt), kf.max(kt));
            if (wlo..=whi).filter(|&s| s != kf).any(|s| lifted.attacked(s, !us)) {
                continue;
            }
            let mut n = self.clone();
            n.sq[kf] = b'.';
            n.sq[rf] = b'.';
            n.sq[kt] = k;
            n.sq[rt] = rook;
            n.clear_rights(kf);
            n.clear_rights(rf);
            out.push((format!("{}{}", name(kf), name(kt)), self.finish(n, false)));
        }
    }

    /// The swap (§6, TS-4, TS-5, TS-6): in check, once, with a non-pawn piece whose square is
    /// not attacked; both arrivals may promote; the side loses both castling rights.
    fn swaps(&self, out: &mut Vec<(String, RefTs)>) {
        let us = self.white;
        let side = usize::from(!us);
        if !self.swap[side] || !self.in_check() {
            return;
        }
        let ks = self.royal(us);
        for p in 0..96 {
            let c = self.sq[p];
            if !is_unit(c) || white_unit(c) != us || p == ks || c.eq_ignore_ascii_case(&b'P') {
                continue;
            }
            if self.attacked(p, !us) {
                continue;
            }
            let mut n = self.clone();
            n.sq[p] = self.arrive(self.sq[ks], p);
            n.sq[ks] = self.arrive(c, ks);
            n.swap[side] = false;
            if us {
                n.castle[0] = false;
                n.castle[1] = false;
            } else {
                n.castle[2] = false;
                n.castle[3] = false;
            }
            out.push((format!("{}{}", name(ks), name(p)), self.finish(n, false)));
        }
    }

    /// Perft by the reference rules (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            return self.moves().len() as u64;
        }
        self.moves().iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}
