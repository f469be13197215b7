//! Reference PieceEater Chess (`../shared/rules/pieceeater.md`): a 64-byte mailbox of FEN
//! letters plus the PE's square, actions found square by square, and the PE's step worked out
//! by walking its eight torus neighbours and testing rules 1-3 one by one on the board after
//! the action. Deliberately naive; shares nothing with `movegen` (its own FEN reader and
//! writer, its own move text).

/// A PieceEater Chess position in the plainest form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPe {
    /// FEN letters, `.` for empty (the PE is not in here); index = rank * 8 + file.
    pub sq: [u8; 64],
    /// The PE's square.
    pub pe: usize,
    /// `pe-left`.
    pub pe_left: Option<usize>,
    /// Hands: `[white, black]`, counts of R, B, N, P in that order.
    pub hand: [[u32; 4]; 2],
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

const HAND_LETTERS: [u8; 4] = [b'R', b'B', b'N', b'P'];

fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

fn parse_sq(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some(usize::from(b[1] - b'1') * 8 + usize::from(b[0] - b'a'))
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

/// The square `(dx, dy)` away from `i` on the torus.
fn wrap(i: usize, dx: i32, dy: i32) -> usize {
    let f = ((i % 8) as i32 + dx + 8) % 8;
    let r = ((i / 8) as i32 + dy + 8) % 8;
    (r * 8 + f) as usize
}

const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING: [(i32, i32); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// One player's action before the PE steps.
struct Action {
    text: String,
    /// The position after the action (side to move already switched).
    next: RefPe,
    /// Where the unit that moved or was dropped stands (for castling, the rook).
    mover: usize,
    /// The action captured the enemy king.
    king_taken: bool,
    /// The action was a pawn's double step.
    double: bool,
}

impl RefPe {
    /// Parses a FEN of the rule book's shape; `None` if it does not parse (only what the
    /// reference needs: the fast side validates FENs).
    pub fn from_fen(fen: &str) -> Option<RefPe> {
        let p: Vec<&str> = fen.split_whitespace().collect();
        let first = *p.first()?;
        let open = first.find('[')?;
        let board = &first[..open];
        let hand_text = first[open + 1..].strip_suffix(']')?;
        let mut sq = [b'.'; 64];
        let mut pe = None;
        let ranks: Vec<&str> = board.split('/').collect();
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
                    if f >= 8 {
                        return None;
                    }
                    if c == b'X' {
                        pe = Some(r * 8 + f);
                    } else {
                        sq[r * 8 + f] = c;
                    }
                    f += 1;
                }
            }
        }
        let mut hand = [[0u32; 4]; 2];
        for c in hand_text.bytes() {
            let side = usize::from(c.is_ascii_lowercase());
            let k = HAND_LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())?;
            hand[side][k] += 1;
        }
        let white = *p.get(1)? == "w";
        let c = p.get(2)?;
        let castle = [c.contains('K'), c.contains('Q'), c.contains('k'), c.contains('q')];
        let ep = match *p.get(3)? {
            "-" => None,
            s => Some(parse_sq(s)?),
        };
        let half = p.get(4).and_then(|s| s.parse().ok()).unwrap_or(0);
        let full = p.get(5).and_then(|s| s.parse().ok()).unwrap_or(1);
        let pe_left = match p.get(6) {
            None | Some(&"-") => None,
            Some(s) => Some(parse_sq(s)?),
        };
        Some(RefPe { sq, pe: pe?, pe_left, hand, white, castle, ep, half, full })
    }

    /// Writes the FEN (hand as `RBNP` then `rbnp`, `pe-left` always written).
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let i = r * 8 + f;
                let c = if i == self.pe { b'X' } else { self.sq[i] };
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
        s.push('[');
        for side in 0..2 {
            for (k, &l) in HAND_LETTERS.iter().enumerate() {
                for _ in 0..self.hand[side][k] {
                    s.push(if side == 0 { l as char } else { l.to_ascii_lowercase() as char });
                }
            }
        }
        s.push(']');
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
        let left = self.pe_left.map_or("-".into(), name);
        format!(
            "{s} {} {c} {ep} {} {} {left}",
            if self.white { 'w' } else { 'b' },
            self.half,
            self.full
        )
    }

    fn is_own(&self, c: u8, white: bool) -> bool {
        c != b'.' && c.is_ascii_uppercase() == white
    }

    fn blocked(&self, i: usize) -> bool {
        self.sq[i] != b'.' || i == self.pe
    }

    /// Whether a unit of the side `by_white` attacks `i` (the PE blocks lines and attacks
    /// nothing).
    pub fn attacked(&self, i: usize, by_white: bool) -> bool {
        let (f, r) = ((i % 8) as i32, (i / 8) as i32);
        let has = |j: usize, l: u8| {
            self.is_own(self.sq[j], by_white) && self.sq[j].to_ascii_uppercase() == l
        };
        for (dx, dy) in KNIGHT {
            if at(f + dx, r + dy).is_some_and(|j| has(j, b'N')) {
                return true;
            }
        }
        for (dx, dy) in KING {
            if at(f + dx, r + dy).is_some_and(|j| has(j, b'K')) {
                return true;
            }
        }
        let from_dy = if by_white { -1 } else { 1 };
        for dx in [-1, 1] {
            if at(f + dx, r + from_dy).is_some_and(|j| has(j, b'P')) {
                return true;
            }
        }
        for (dirs, l) in [(ROOK, b'R'), (BISHOP, b'B')] {
            for (dx, dy) in dirs {
                let (mut x, mut y) = (f + dx, r + dy);
                while let Some(j) = at(x, y) {
                    if has(j, l) || has(j, b'Q') {
                        return true;
                    }
                    if self.blocked(j) {
                        break;
                    }
                    x += dx;
                    y += dy;
                }
            }
        }
        false
    }

    fn king_of(&self, white: bool) -> Option<usize> {
        let k = if white { b'K' } else { b'k' };
        self.sq.iter().position(|&c| c == k)
    }

    /// The position after a board move (before the PE): clocks, rights, side.
    fn after(&self, from: usize, to: usize, put: u8) -> RefPe {
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

    fn board_action(&self, text: String, from: usize, to: usize, put: u8) -> Action {
        let king_taken = self.sq[to].eq_ignore_ascii_case(&b'K');
        Action { text, next: self.after(from, to, put), mover: to, king_taken, double: false }
    }

    fn actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        let us = self.white;
        let foe = |c: u8| c != b'.' && c.is_ascii_uppercase() != us;
        let free = |i: usize| !self.blocked(i);
        let target = |i: usize| i != self.pe && (self.sq[i] == b'.' || foe(self.sq[i]));
        for from in 0..64 {
            let c = self.sq[from];
            if !self.is_own(c, us) {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            let mv = |to: usize| format!("{}{}", name(from), name(to));
            match c.to_ascii_uppercase() {
                b'P' => {
                    let dy = if us { 1 } else { -1 };
                    let rel = |rank: i32| if us { rank } else { 7 - rank };
                    let add = |to: usize, out: &mut Vec<Action>| {
                        let to_rel = rel((to / 8) as i32);
                        let choices: &[u8] = match to_rel {
                            7 => b"qrbn",
                            6 => b"-rbn",
                            _ => b"-",
                        };
                        for &p in choices {
                            if p == b'-' {
                                out.push(self.board_action(mv(to), from, to, c));
                            } else {
                                let piece = if us { p.to_ascii_uppercase() } else { p };
                                let text = format!("{}{}", mv(to), p as char);
                                out.push(self.board_action(text, from, to, piece));
                            }
                        }
                    };
                    if let Some(to) = at(f, r + dy) {
                        if free(to) {
                            add(to, &mut out);
                            if rel(r) == 1 {
                                let to2 = at(f, r + 2 * dy).expect("on board");
                                if free(to2) {
                                    let mut a = self.board_action(mv(to2), from, to2, c);
                                    a.next.ep = Some(to);
                                    a.double = true;
                                    out.push(a);
                                }
                            }
                        }
                    }
                    for dx in [-1, 1] {
                        if let Some(to) = at(f + dx, r + dy) {
                            if foe(self.sq[to]) {
                                add(to, &mut out);
                            } else if self.ep == Some(to) && to != self.pe {
                                let mut a = self.board_action(mv(to), from, to, c);
                                a.next.sq[at(f + dx, r).expect("on board")] = b'.';
                                a.next.half = 0;
                                out.push(a);
                            }
                        }
                    }
                }
                b'N' | b'K' => {
                    let offs = if c.eq_ignore_ascii_case(&b'N') { KNIGHT } else { KING };
                    for (dx, dy) in offs {
                        if let Some(to) = at(f + dx, r + dy) {
                            if target(to) {
                                out.push(self.board_action(mv(to), from, to, c));
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
                            if target(to) {
                                out.push(self.board_action(mv(to), from, to, c));
                            }
                            if self.blocked(to) {
                                break;
                            }
                            x += dx;
                            y += dy;
                        }
                    }
                }
            }
        }
        // Castling with FIDE's conditions (PE-1): a square is attacked if the king standing
        // there, with e1/e8 empty, could be captured.
        let (base, k, rook, kr, qr) =
            if us { (0, b'K', b'R', 0, 1) } else { (56, b'k', b'r', 2, 3) };
        let safe_for_king = |s: usize| {
            let mut t = self.clone();
            t.sq[base + 4] = b'.';
            t.sq[s] = k;
            !t.attacked(s, !us)
        };
        if self.sq[base + 4] == k && !self.attacked(base + 4, !us) {
            if self.castle[kr]
                && self.sq[base + 7] == rook
                && free(base + 5)
                && free(base + 6)
                && safe_for_king(base + 5)
                && safe_for_king(base + 6)
            {
                let mut n = self.after(base + 4, base + 6, k);
                n.sq[base + 7] = b'.';
                n.sq[base + 5] = rook;
                let text = format!("{}{}", name(base + 4), name(base + 6));
                out.push(Action {
                    text,
                    next: n,
                    mover: base + 5,
                    king_taken: false,
                    double: false,
                });
            }
            if self.castle[qr]
                && self.sq[base] == rook
                && free(base + 1)
                && free(base + 2)
                && free(base + 3)
                && safe_for_king(base + 3)
                && safe_for_king(base + 2)
            {
                let mut n = self.after(base + 4, base + 2, k);
                n.sq[base] = b'.';
                n.sq[base + 3] = rook;
                let text = format!("{}{}", name(base + 4), name(base + 2));
                out.push(Action {
                    text,
                    next: n,
                    mover: base + 3,
                    king_taken: false,
                    double: false,
                });
            }
        }
        // Drops: N, B, R on the own 1st rank, P on the own 2nd rank, empty squares only.
        let side = usize::from(!us);
        for (hk, &l) in HAND_LETTERS.iter().enumerate() {
            if self.hand[side][hk] == 0 {
                continue;
            }
            let rank = match (l, us) {
                (b'P', true) => 1,
                (b'P', false) => 6,
                (_, true) => 0,
                (_, false) => 7,
            };
            for f in 0..8 {
                let to = rank * 8 + f;
                if !free(to) {
                    continue;
                }
                let mut n = self.clone();
                n.sq[to] = if us { l } else { l.to_ascii_lowercase() };
                n.hand[side][hk] -= 1;
                n.half = self.half + 1;
                n.ep = None;
                n.white = !us;
                if !us {
                    n.full += 1;
                }
                let text = format!("{}@{}", l as char, name(to));
                out.push(Action { text, next: n, mover: to, king_taken: false, double: false });
            }
        }
        out
    }

    /// Whether the PE may enter `s` on the board `b` (rules 1 and 2 of §4).
    fn pe_may_enter(b: &RefPe, s: usize) -> bool {
        if b.pe_left == Some(s) {
            return false;
        }
        for dy in -1..=1 {
            for dx in -1..=1 {
                if b.sq[wrap(s, dx, dy)].eq_ignore_ascii_case(&b'K') {
                    return false;
                }
            }
        }
        true
    }

    /// Every legal turn as (coordinate text, resulting position), one per PE outcome.
    pub fn moves(&self) -> Vec<(String, RefPe)> {
        let mut out = Vec::new();
        if self.king_of(true).is_none() || self.king_of(false).is_none() {
            return out;
        }
        for a in self.actions() {
            if a.king_taken {
                out.push((a.text, a.next));
                continue;
            }
            let mut allowed = Vec::new();
            for (dx, dy) in KING {
                let s = wrap(self.pe, dx, dy);
                if Self::pe_may_enter(&a.next, s) {
                    allowed.push(s);
                }
            }
            if allowed.contains(&a.mover) {
                allowed = vec![a.mover];
            }
            if allowed.is_empty() {
                out.push((a.text, a.next));
                continue;
            }
            for s in allowed {
                let mut n = a.next.clone();
                if n.sq[s] != b'.' {
                    n.sq[s] = b'.';
                    n.half = 0;
                }
                n.pe_left = Some(self.pe);
                n.pe = s;
                if n.ep == Some(s) || (a.double && s == a.mover) {
                    n.ep = None;
                }
                match s {
                    0 => n.castle[1] = false,
                    7 => n.castle[0] = false,
                    56 => n.castle[3] = false,
                    63 => n.castle[2] = false,
                    _ => {}
                }
                out.push((format!("{},{}{}", a.text, name(self.pe), name(s)), n));
            }
        }
        out
    }

    /// Perft by the reference rules (no bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|(_, n)| n.perft(depth - 1)).sum()
    }
}
