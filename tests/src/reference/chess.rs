//! Reference orthodox chess: a 64-byte mailbox of FEN letters, moves found square by square,
//! legality by making the move and scanning for attacks on the king. Deliberately naive.

/// A chess position in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefChess {
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

const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

impl RefChess {
    /// Parses a six-field (or four-field) FEN; `None` if it does not parse.
    pub fn from_fen(fen: &str) -> Option<RefChess> {
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
        Some(RefChess { sq, white, castle, ep, half, full })
    }

    /// Writes the FEN.
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
        format!("{s} {} {c} {ep} {} {}", if self.white { 'w' } else { 'b' }, self.half, self.full)
    }

    /// Whether `i` is attacked by the side `by_white`.
    pub fn attacked(&self, i: usize, by_white: bool) -> bool {
        let (f, r) = ((i % 8) as i32, (i / 8) as i32);
        let mine =
            |c: u8, l: u8| c != b'.' && is_white(c) == by_white && c.to_ascii_uppercase() == l;
        for (dx, dy) in KNIGHT {
            if let Some(j) = at(f + dx, r + dy) {
                if mine(self.sq[j], b'N') {
                    return true;
                }
            }
        }
        for (dx, dy) in KING {
            if let Some(j) = at(f + dx, r + dy) {
                if mine(self.sq[j], b'K') {
                    return true;
                }
            }
        }
        let pawn_dy = if by_white { -1 } else { 1 };
        for dx in [-1, 1] {
            if let Some(j) = at(f + dx, r + pawn_dy) {
                if mine(self.sq[j], b'P') {
                    return true;
                }
            }
        }
        for (dirs, l) in [(ROOK, b'R'), (BISHOP, b'B')] {
            for (dx, dy) in dirs {
                let (mut x, mut y) = (f + dx, r + dy);
                while let Some(j) = at(x, y) {
                    let c = self.sq[j];
                    if c != b'.' {
                        if mine(c, l) || mine(c, b'Q') {
                            return true;
                        }
                        break;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
        false
    }

    fn king(&self, white: bool) -> usize {
        let k = if white { b'K' } else { b'k' };
        self.sq.iter().position(|&c| c == k).expect("king")
    }

    /// Every legal move as (coordinate text, resulting position).
    pub fn moves(&self) -> Vec<(String, RefChess)> {
        let mut out = Vec::new();
        for (text, next) in self.pseudo() {
            if !next.attacked(next.king(self.white), !self.white) {
                out.push((text, next));
            }
        }
        out
    }

    fn after(&self, from: usize, to: usize, put: u8) -> RefChess {
        let mut n = self.clone();
        let capture = n.sq[to] != b'.';
        let pawn = n.sq[from].eq_ignore_ascii_case(&b'P');
        n.sq[to] = put;
        n.sq[from] = b'.';
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

    fn pseudo(&self) -> Vec<(String, RefChess)> {
        let mut out = Vec::new();
        let us = self.white;
        let own = |c: u8| c != b'.' && is_white(c) == us;
        let foe = |c: u8| c != b'.' && is_white(c) != us;
        for from in 0..64 {
            let c = self.sq[from];
            if !own(c) {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            let simple = |to: usize, out: &mut Vec<(String, RefChess)>| {
                out.push((format!("{}{}", name(from), name(to)), self.after(from, to, c)));
            };
            match c.to_ascii_uppercase() {
                b'P' => {
                    let dy = if us { 1 } else { -1 };
                    let last = if us { 7 } else { 0 };
                    let add = |to: usize, out: &mut Vec<(String, RefChess)>| {
                        if (to / 8) as i32 == last {
                            for p in [b'q', b'r', b'b', b'n'] {
                                let piece = if us { p.to_ascii_uppercase() } else { p };
                                out.push((
                                    format!("{}{}{}", name(from), name(to), p as char),
                                    self.after(from, to, piece),
                                ));
                            }
                        } else {
                            out.push((
                                format!("{}{}", name(from), name(to)),
                                self.after(from, to, c),
                            ));
                        }
                    };
                    if let Some(to) = at(f, r + dy) {
                        if self.sq[to] == b'.' {
                            add(to, &mut out);
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
                                add(to, &mut out);
                            } else if self.ep == Some(to) {
                                let mut n = self.after(from, to, c);
                                n.sq[at(f + dx, r).expect("on board")] = b'.';
                                n.half = 0;
                                out.push((format!("{}{}", name(from), name(to)), n));
                            }
                        }
                    }
                }
                b'N' | b'K' => {
                    let offs = if c.eq_ignore_ascii_case(&b'N') { KNIGHT } else { KING };
                    for (dx, dy) in offs {
                        if let Some(to) = at(f + dx, r + dy) {
                            if !own(self.sq[to]) {
                                simple(to, &mut out);
                            }
                        }
                    }
                }
                l => {
                    let mut dirs: Vec<(i32, i32)> = Vec::new();
                    if l == b'R' || l == b'Q' {
                        dirs.extend(ROOK);
                    }
                    if l == b'B' || l == b'Q' {
                        dirs.extend(BISHOP);
                    }
                    for (dx, dy) in dirs {
                        let (mut x, mut y) = (f + dx, r + dy);
                        while let Some(to) = at(x, y) {
                            if own(self.sq[to]) {
                                break;
                            }
                            simple(to, &mut out);
                            if foe(self.sq[to]) {
                                break;
                            }
                            x += dx;
                            y += dy;
                        }
                    }
                }
            }
        }
        // Castling: right kept, king and rook at home, squares between empty, king not in check
        // and not crossing or landing on an attacked square.
        let (base, k, kr, qr, rights) =
            if us { (0, b'K', 0, 1, b'R') } else { (56, b'k', 2, 3, b'r') };
        if self.sq[base + 4] == k && !self.attacked(base + 4, !us) {
            if self.castle[kr]
                && self.sq[base + 7] == rights
                && self.sq[base + 5] == b'.'
                && self.sq[base + 6] == b'.'
                && !self.attacked(base + 5, !us)
                && !self.attacked(base + 6, !us)
            {
                let mut n = self.after(base + 4, base + 6, k);
                n.sq[base + 7] = b'.';
                n.sq[base + 5] = rights;
                out.push((format!("{}{}", name(base + 4), name(base + 6)), n));
            }
            if self.castle[qr]
                && self.sq[base] == rights
                && self.sq[base + 1] == b'.'
                && self.sq[base + 2] == b'.'
                && self.sq[base + 3] == b'.'
                && !self.attacked(base + 3, !us)
                && !self.attacked(base + 2, !us)
            {
                let mut n = self.after(base + 4, base + 2, k);
                n.sq[base] = b'.';
                n.sq[base + 3] = rights;
                out.push((format!("{}{}", name(base + 4), name(base + 2)), n));
            }
        }
        out
    }

    /// Perft by the reference rules (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves().iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}
