//! Reference 8-Piece Chess (`../shared/rules/eightpiece.md`), written from the rule text with no
//! code shared with `movegen`: a mailbox of units, every move built as a whole new position,
//! legality by looking for a capture of the mover's king afterwards. "Side A attacks X" is
//! answered literally: could A, if it were to move, capture on X (with pushes, holds and the
//! pushed lancer's Turn-then-Move)? Deliberately slow and plain.
#![allow(clippy::needless_range_loop)]

/// A unit: kind letter (upper case), colour, and a lancer's facing (0..8 = n ne e se s sw w nw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// `K Q R B N P J L S`.
    pub kind: u8,
    /// White's.
    pub white: bool,
    /// Facing (lancers only; 0 otherwise).
    pub face: u8,
}

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefEight {
    /// Units, index = rank * 8 + file.
    pub sq: [Option<Unit>; 64],
    /// White to move.
    pub white: bool,
    /// Castling partner square of each right: White h-side, White a-side, Black h-side,
    /// Black a-side.
    pub rights: [Option<usize>; 4],
    /// Chess960 conventions (Shredder castling letters, king + partner castling text).
    pub shredder: bool,
    /// En-passant square.
    pub ep: Option<usize>,
    /// Push field.
    pub push: Option<(usize, usize)>,
    /// Halfmove clock (the 8-Piece 50-move count).
    pub half: u32,
    /// Fullmove number.
    pub full: u32,
    /// Which pawn (0..16, 255 = none) stands on each square.
    pub pawn_id: [u8; 64],
    /// The squares each pawn has stood on.
    pub seen: [u64; 16],
}

const DIRS: [(i32, i32); 8] =
    [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
const FACINGS: [&str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];
const KNIGHT: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

fn fr(i: usize) -> (i32, i32) {
    ((i % 8) as i32, (i / 8) as i32)
}

/// The squares of a set, lowest first.
fn squares(set: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&i| set & (1 << i) != 0)
}

fn step(i: usize, d: (i32, i32)) -> Option<usize> {
    let (f, r) = fr(i);
    at(f + d.0, r + d.1)
}

/// Square name.
pub fn name(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

fn parse_sq(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    at(i32::from(b[0]) - i32::from(b'a'), i32::from(b[1]) - i32::from(b'1'))
}

/// The squares strictly between two squares on one line (empty if not on a line).
fn between(a: usize, b: usize) -> Vec<usize> {
    let (fa, ra) = fr(a);
    let (fb, rb) = fr(b);
    let (dx, dy) = (fb - fa, rb - ra);
    if a == b || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
        return Vec::new();
    }
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut out = Vec::new();
    let (mut f, mut r) = (fa + sx, ra + sy);
    while (f, r) != (fb, rb) {
        out.push((r * 8 + f) as usize);
        f += sx;
        r += sy;
    }
    out
}

impl RefEight {
    /// Parses a FEN of the rule book's shape; `None` if it does not parse.
    pub fn from_fen(fen: &str) -> Option<RefEight> {
        let p: Vec<&str> = fen.split_whitespace().collect();
        if p.len() < 4 {
            return None;
        }
        let mut sq = [None; 64];
        let ranks: Vec<&str> = p[0].split('/').collect();
        if ranks.len() != 8 {
            return None;
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i;
            let mut f = 0usize;
            let b = rank.as_bytes();
            let mut k = 0;
            while k < b.len() {
                let c = b[k];
                if c.is_ascii_digit() {
                    f += usize::from(c - b'0');
                    k += 1;
                    continue;
                }
                let mut face = 0u8;
                if k + 1 < b.len() && b[k + 1] == b'(' {
                    let close = rank[k..].find(')')? + k;
                    let fname = &rank[k + 2..close];
                    face = FACINGS.iter().position(|&x| x == fname)? as u8;
                    k = close + 1;
                } else {
                    k += 1;
                }
                if f >= 8 {
                    return None;
                }
                sq[r * 8 + f] = Some(Unit {
                    kind: c.to_ascii_uppercase(),
                    white: c.is_ascii_uppercase(),
                    face,
                });
                f += 1;
            }
        }
        let white = p[1] == "w";
        let mut st = RefEight {
            sq,
            white,
            rights: [None; 4],
            shredder: false,
            ep: None,
            push: None,
            half: p.get(4).and_then(|s| s.parse().ok()).unwrap_or(0),
            full: p.get(5).and_then(|s| s.parse().ok()).unwrap_or(1),
            pawn_id: [255; 64],
            seen: [0; 16],
        };
        let mut n = 0;
        for i in 0..64 {
            if st.sq[i].is_some_and(|u| u.kind == b'P') {
                st.pawn_id[i] = n;
                st.seen[usize::from(n)] = 1 << i;
                n += 1;
            }
        }
        // Castling: K/Q = outermost rook or jailer on that side of the king, letters = files.
        let mut letters = false;
        if p[2] != "-" {
            for c in p[2].chars() {
                let w = c.is_ascii_uppercase();
                let back = if w { 0 } else { 7 };
                let k = (0..8)
                    .map(|f| back * 8 + f)
                    .find(|&i| st.sq[i] == Some(Unit { kind: b'K', white: w, face: 0 }))?;
                let partner = |i: usize| {
                    st.sq[i].is_some_and(|u| u.white == w && (u.kind == b'R' || u.kind == b'J'))
                };
                let lc = c.to_ascii_lowercase();
                let (idx, sqp) = match lc {
                    'k' => (0, (k + 1..back * 8 + 8).rev().find(|&i| partner(i))?),
                    'q' => (1, (back * 8..k).find(|&i| partner(i))?),
                    'a'..='h' => {
                        letters = true;
                        let i = back * 8 + (lc as usize - 'a' as usize);
                        if !partner(i) || i == k {
                            return None;
                        }
                        (if i > k { 0 } else { 1 }, i)
                    }
                    _ => return None,
                };
                st.rights[idx + if w { 0 } else { 2 }] = Some(sqp);
            }
        }
        // Standard conventions only when every right is the classic one: king on the e-file,
        // the rook on the h-file (h-side) and the jailer on the a-file (a-side).
        let classic = st.rights.iter().enumerate().all(|(i, r)| match r {
            None => true,
            Some(s) => {
                let back = if i < 2 { 0 } else { 7 };
                let kind = if i % 2 == 0 { b'R' } else { b'J' };
                let file = if i % 2 == 0 { 7 } else { 0 };
                *s == back * 8 + file
                    && st.sq[*s].is_some_and(|u| u.kind == kind)
                    && st.sq[back * 8 + 4].is_some_and(|u| u.kind == b'K')
            }
        });
        st.shredder = letters || !classic;
        st.ep = if p[3] == "-" { None } else { Some(parse_sq(p[3])?) };
        st.push = match p.get(6) {
            None | Some(&"-") => None,
            Some(s) if s.len() == 4 => Some((parse_sq(&s[..2])?, parse_sq(&s[2..])?)),
            _ => return None,
        };
        Some(st)
    }

    /// Writes the FEN.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match self.sq[r * 8 + f] {
                    None => empty += 1,
                    Some(u) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let c = if u.white { u.kind } else { u.kind.to_ascii_lowercase() };
                        s.push(c as char);
                        if u.kind == b'L' {
                            s.push_str(&format!("({})", FACINGS[usize::from(u.face)]));
                        }
                    }
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
        for (i, r) in self.rights.iter().enumerate() {
            if let Some(p) = r {
                if self.shredder {
                    let l = (b'a' + (p % 8) as u8) as char;
                    c.push(if i < 2 { l.to_ascii_uppercase() } else { l });
                } else {
                    c.push(['K', 'Q', 'k', 'q'][i]);
                }
            }
        }
        if c.is_empty() {
            c.push('-');
        }
        let ep = self.ep.map_or("-".into(), name);
        let push = self.push.map_or("-".into(), |(a, b)| format!("{}{}", name(a), name(b)));
        format!(
            "{s} {} {c} {ep} {} {} {push}",
            if self.white { 'w' } else { 'b' },
            self.half,
            self.full
        )
    }

    fn own(&self, i: usize, white: bool) -> bool {
        self.sq[i].is_some_and(|u| u.white == white)
    }

    /// Whether the unit on `i` is held: an enemy jailer stands orthogonally next to it.
    pub fn held(&self, i: usize) -> bool {
        let Some(u) = self.sq[i] else { return false };
        ORTHO.iter().any(|&d| {
            step(i, d)
                .is_some_and(|j| self.sq[j].is_some_and(|v| v.kind == b'J' && v.white != u.white))
        })
    }

    fn king(&self, white: bool) -> usize {
        (0..64).find(|&i| self.sq[i] == Some(Unit { kind: b'K', white, face: 0 })).expect("king")
    }

    /// The squares banned to the unit on `i` by the push field (§6.3), as a set (bit = square),
    /// if it is the pushed piece and it belongs to the side to move.
    fn banned_for(&self, i: usize) -> u64 {
        match self.push {
            Some((from, to)) if to == i && self.sq[i].is_some_and(|u| u.kind != b'P') => {
                between(from, to).iter().fold(1u64 << from, |m, &s| m | (1u64 << s))
            }
            _ => 0,
        }
    }

    /// Targets of a lancer on `i` facing `d` for side `white`: it passes over `white`'s units
    /// and stops on or before the first other unit (which it may capture).
    fn lancer_line(&self, i: usize, d: usize, white: bool) -> Vec<usize> {
        let mut out = Vec::new();
        let mut cur = i;
        while let Some(n) = step(cur, DIRS[d]) {
            match self.sq[n] {
                None => out.push(n),
                Some(u) if u.white == white => {}
                Some(_) => {
                    out.push(n);
                    break;
                }
            }
            cur = n;
        }
        out
    }

    fn has_front(i: usize, d: usize) -> bool {
        step(i, DIRS[d]).is_some()
    }

    /// Could side `by` capture on `x` if it were `by`'s move? (Rule book §3, §6.4, §7.3,
    /// 8P-1, 8P-10.) The push field counts only if it belongs to `by`.
    pub fn attacked(&self, x: usize, by: bool) -> bool {
        let view = if self.white == by {
            self.clone()
        } else {
            let mut v = self.clone();
            v.push = None;
            v.white = by;
            v
        };
        (0..64).any(|i| {
            view.own(i, by) && view.could_reach(i, x) && !view.held(i) && view.captures_on(i, x)
        })
    }

    /// A quick geometric necessary condition for the unit on `i` capturing on `x` (a knight
    /// only a knight's move away, a rook only on its rank or file, ...; a sentry's push can
    /// reach anywhere, a jailer never captures).
    fn could_reach(&self, i: usize, x: usize) -> bool {
        let (fi, ri) = fr(i);
        let (fx, rx) = fr(x);
        let (dx, dy) = ((fx - fi).abs(), (rx - ri).abs());
        let line = dx == 0 || dy == 0 || dx == dy;
        match self.sq[i].map(|u| u.kind) {
            Some(b'P') => dx == 1 && dy == 1,
            Some(b'N') => (dx, dy) == (1, 2) || (dx, dy) == (2, 1),
            Some(b'K') => dx <= 1 && dy <= 1,
            Some(b'B') => dx == dy,
            Some(b'R') => dx == 0 || dy == 0,
            Some(b'Q') | Some(b'L') => line,
            Some(b'J') => false,
            _ => true,
        }
    }

    /// Whether the (unheld, side-to-move) unit on `i` could capture on `x`.
    fn captures_on(&self, i: usize, x: usize) -> bool {
        let u = self.sq[i].expect("unit");
        let w = u.white;
        if self.banned_for(i) & (1 << x) != 0 {
            return false;
        }
        let enemy_at = |j: usize| self.sq[j].is_some_and(|v| v.white != w);
        if !enemy_at(x) {
            return false;
        }
        match u.kind {
            b'J' => false,
            b'S' => DIAG.iter().any(|&d| {
                let mut cur = i;
                while let Some(n) = step(cur, d) {
                    if let Some(v) = self.sq[n] {
                        if v.white == w || v.kind == b'J' || v.kind == b'S' {
                            return false;
                        }
                        if self.banned_for(i) & (1 << n) != 0 {
                            return false;
                        }
                        // The pushed unit moves as `w`'s unit from n, the sentry's square empty.
                        let mut t = self.clone();
                        t.sq[i] = None;
                        return t.pushed_unit_targets(n, w).iter().any(|&(a, _)| a == x);
                    }
                    cur = n;
                }
                false
            }),
            b'L' => {
                let pushed = self.push.is_some_and(|(_, to)| to == i);
                (0..8).any(|d| {
                    (d == usize::from(u.face) || pushed)
                        && self.lancer_line(i, d, w).last() == Some(&x)
                })
            }
            _ => self.plain_targets(i, w) & (1 << x) != 0,
        }
    }

    /// Plain move targets (no castling, double step, e.p., promotion choice) of the
    /// capturing kinds K Q R B N P for a unit on `i` moving as side `w`: empty squares, or
    /// squares of units of the other side (a set: bit = square).
    fn plain_targets(&self, i: usize, w: bool) -> u64 {
        let u = self.sq[i].expect("unit");
        let mut out = 0u64;
        let free = |j: usize| !self.own(j, w);
        match u.kind {
            b'P' => {
                let dy = if w { 1 } else { -1 };
                if let Some(j) = step(i, (0, dy)) {
                    if self.sq[j].is_none() {
                        out |= 1 << j;
                    }
                }
                for dx in [-1, 1] {
                    if let Some(j) = step(i, (dx, dy)) {
                        if self.sq[j].is_some_and(|v| v.white != w) {
                            out |= 1 << j;
                        }
                    }
                }
            }
            b'N' | b'K' => {
                let offs: Vec<(i32, i32)> =
                    if u.kind == b'N' { KNIGHT.to_vec() } else { DIRS.to_vec() };
                for d in offs {
                    if let Some(j) = step(i, d) {
                        if free(j) {
                            out |= 1 << j;
                        }
                    }
                }
            }
            _ => {
                let mut dirs = Vec::new();
                if u.kind == b'R' || u.kind == b'Q' {
                    dirs.extend(ORTHO);
                }
                if u.kind == b'B' || u.kind == b'Q' {
                    dirs.extend(DIAG);
                }
                for d in dirs {
                    let mut cur = i;
                    while let Some(j) = step(cur, d) {
                        if self.sq[j].is_some() {
                            if free(j) {
                                out |= 1 << j;
                            }
                            break;
                        }
                        out |= 1 << j;
                        cur = j;
                    }
                }
            }
        }
        out
    }

    /// Where the unit on `n` may be pushed by side `w` (§6.2 table), with its facing after:
    /// it moves as `w`'s unit and captures only units of its own real colour.
    fn pushed_unit_targets(&self, n: usize, w: bool) -> Vec<(usize, u8)> {
        let u = self.sq[n].expect("pushed unit");
        let empty = |j: usize| self.sq[j].is_none();
        let mut out = Vec::new();
        match u.kind {
            b'J' | b'S' => {
                let dirs = if u.kind == b'J' { ORTHO } else { DIAG };
                for d in dirs {
                    let mut cur = n;
                    while let Some(j) = step(cur, d) {
                        if !empty(j) {
                            break;
                        }
                        out.push((j, 0));
                        cur = j;
                    }
                }
            }
            b'L' => {
                for j in self.lancer_line(n, usize::from(u.face), w) {
                    out.push((j, u.face));
                }
                for (d, &dd) in DIRS.iter().enumerate() {
                    if let Some(j) = step(n, dd) {
                        if empty(j) {
                            out.push((j, d as u8));
                        }
                    }
                }
            }
            _ => {
                // A pawn moves as a pawn of `w`: plain_targets with `w`'s direction.
                let mut t = self.clone();
                t.sq[n] = Some(Unit { white: w, ..u });
                for j in squares(t.plain_targets(n, w)) {
                    out.push((j, 0));
                }
            }
        }
        out
    }

    /// The position after a move by the side to move, before legality: `f` edits the board;
    /// clocks, side, e.p., push, rights and pawn tracks are settled here.
    fn after(
        &self,
        f: impl FnOnce(&mut RefEight),
        pawn_moves: &[(usize, usize)],
        push: Option<(usize, usize)>,
        ep: Option<usize>,
        castled: bool,
    ) -> RefEight {
        let mut n = self.clone();
        f(&mut n);
        let before_units = self.sq.iter().filter(|s| s.is_some()).count();
        let after_units = n.sq.iter().filter(|s| s.is_some()).count();
        let mut reset = after_units < before_units;
        // Pawn tracks: captured pawns vanish, moved pawns record their new square.
        let mut ids = [255u8; 64];
        for &(from, to) in pawn_moves {
            let id = self.pawn_id[from];
            if n.sq[to].is_some_and(|u| u.kind == b'P') {
                ids[to] = id;
                if n.seen[usize::from(id)] & (1 << to) == 0 {
                    reset = true;
                }
                n.seen[usize::from(id)] |= 1 << to;
            } else {
                reset = true; // promoted: a new square by necessity
            }
        }
        for (i, id) in ids.iter_mut().enumerate() {
            let moved_here = pawn_moves.iter().any(|&(_, to)| to == i);
            if !moved_here && n.sq[i].is_some_and(|u| u.kind == b'P') {
                *id = self.pawn_id[i];
            }
        }
        n.pawn_id = ids;
        // Castling rights: lost when the king's or partner's square changes, or by castling.
        let me = self.white;
        for (k, r) in self.rights.iter().enumerate() {
            let Some(p) = *r else { continue };
            let w = k < 2;
            let ksq = self.king(w);
            if self.sq[ksq] != n.sq[ksq] || self.sq[p] != n.sq[p] || (castled && w == me) {
                n.rights[k] = None;
            }
        }
        n.half = if reset { 0 } else { self.half + 1 };
        n.ep = ep;
        n.push = push;
        n.white = !me;
        if !me {
            n.full += 1;
        }
        n
    }

    /// Every pseudo-legal move: (coordinate text, position after).
    fn pseudo(&self) -> Vec<(String, RefEight)> {
        let w = self.white;
        let mut out: Vec<(String, RefEight)> = Vec::new();
        for i in 0..64 {
            let Some(u) = self.sq[i] else { continue };
            if u.white != w {
                continue;
            }
            let held = self.held(i);
            let banned = self.banned_for(i);
            let ok = |j: usize| banned & (1 << j) == 0;
            if u.kind == b'L' {
                self.lancer_moves(i, u, held, banned, &mut out);
                continue;
            }
            if held {
                continue;
            }
            let mv = |to: usize, put: Unit| {
                let pm: Vec<(usize, usize)> = if u.kind == b'P' { vec![(i, to)] } else { vec![] };
                self.after(
                    |n| {
                        n.sq[i] = None;
                        n.sq[to] = Some(put);
                    },
                    &pm,
                    None,
                    None,
                    false,
                )
            };
            match u.kind {
                b'P' => {
                    let dy = if w { 1 } else { -1 };
                    let last = if w { 7 } else { 0 };
                    let (_, r) = fr(i);
                    let mut dests = Vec::new();
                    if let Some(j) = step(i, (0, dy)) {
                        if self.sq[j].is_none() {
                            dests.push(j);
                            let rel = if w { r } else { 7 - r };
                            if rel <= 1 {
                                if let Some(j2) = step(j, (0, dy)) {
                                    if self.sq[j2].is_none() {
                                        out.push((format!("{}{}", name(i), name(j2)), {
                                            let pm = [(i, j2)];
                                            self.after(
                                                |n| {
                                                    n.sq[i] = None;
                                                    n.sq[j2] = Some(u);
                                                },
                                                &pm,
                                                None,
                                                Some(j),
                                                false,
                                            )
                                        }));
                                    }
                                }
                            }
                        }
                    }
                    for dx in [-1, 1] {
                        if let Some(j) = step(i, (dx, dy)) {
                            if self.sq[j].is_some_and(|v| v.white != w) {
                                dests.push(j);
                            } else if self.ep == Some(j) {
                                let victim = step(j, (0, -dy)).expect("victim");
                                let pm = [(i, j)];
                                out.push((
                                    format!("{}{}", name(i), name(j)),
                                    self.after(
                                        |n| {
                                            n.sq[i] = None;
                                            n.sq[victim] = None;
                                            n.sq[j] = Some(u);
                                        },
                                        &pm,
                                        None,
                                        None,
                                        false,
                                    ),
                                ));
                            }
                        }
                    }
                    for j in dests {
                        if fr(j).1 == last {
                            for k in [b'Q', b'R', b'B', b'N', b'J', b'S'] {
                                out.push((
                                    format!(
                                        "{}{}{}",
                                        name(i),
                                        name(j),
                                        (k as char).to_ascii_lowercase()
                                    ),
                                    mv(j, Unit { kind: k, white: w, face: 0 }),
                                ));
                            }
                            for d in 0..8 {
                                if Self::has_front(j, d) {
                                    out.push((
                                        format!("{}{}l={}", name(i), name(j), FACINGS[d]),
                                        mv(j, Unit { kind: b'L', white: w, face: d as u8 }),
                                    ));
                                }
                            }
                        } else {
                            out.push((format!("{}{}", name(i), name(j)), mv(j, u)));
                        }
                    }
                }
                b'J' | b'S' => {
                    let dirs = if u.kind == b'J' { ORTHO } else { DIAG };
                    for d in dirs {
                        let mut cur = i;
                        while let Some(j) = step(cur, d) {
                            if self.sq[j].is_some() {
                                if u.kind == b'S'
                                    && self.sq[j].is_some_and(|v| v.white != w)
                                    && ok(j)
                                {
                                    self.pushes(i, j, &mut out);
                                }
                                break;
                            }
                            if ok(j) {
                                out.push((format!("{}{}", name(i), name(j)), mv(j, u)));
                            }
                            cur = j;
                        }
                    }
                }
                _ => {
                    for j in squares(self.plain_targets(i, w)) {
                        if ok(j) {
                            out.push((format!("{}{}", name(i), name(j)), mv(j, u)));
                        }
                    }
                }
            }
        }
        self.castles(&mut out);
        let k = self.king(w);
        if self.held(k) && !self.attacked(k, !w) {
            out.push(("0000".to_string(), self.after(|_| {}, &[], None, None, false)));
        }
        out
    }

    fn lancer_moves(
        &self,
        i: usize,
        u: Unit,
        held: bool,
        banned: u64,
        out: &mut Vec<(String, RefEight)>,
    ) {
        let w = u.white;
        let face = usize::from(u.face);
        let land = |to: usize, d: usize| {
            self.after(
                |n| {
                    n.sq[i] = None;
                    n.sq[to] = Some(Unit { face: d as u8, ..u });
                },
                &[],
                None,
                None,
                false,
            )
        };
        let turn = |d: usize| {
            self.after(|n| n.sq[i] = Some(Unit { face: d as u8, ..u }), &[], None, None, false)
        };
        if !held {
            // Normal move along the facing, then a facing with a square in front (8P-8).
            for to in self.lancer_line(i, face, w) {
                if banned & (1 << to) != 0 {
                    continue;
                }
                for d in 0..8 {
                    if Self::has_front(to, d) {
                        let text = if d == face {
                            format!("{}{}", name(i), name(to))
                        } else {
                            format!("{}{}={}", name(i), name(to), FACINGS[d])
                        };
                        out.push((text, land(to, d)));
                    }
                }
            }
        }
        // Re-orient: facing off the board, turn to a facing with a square in front.
        if !Self::has_front(i, face) {
            for d in 0..8 {
                if Self::has_front(i, d) {
                    out.push((format!("{}{}={}", name(i), name(i), FACINGS[d]), turn(d)));
                }
            }
        }
        let pushed = self.push.is_some_and(|(_, to)| to == i);
        if pushed {
            for d in (0..8).filter(|&d| d != face) {
                if held {
                    // 8P-9: turn only.
                    out.push((format!("{}{}={}", name(i), name(i), FACINGS[d]), turn(d)));
                } else {
                    for to in self.lancer_line(i, d, w) {
                        if banned & (1 << to) == 0 {
                            out.push((format!("{}{}", name(i), name(to)), land(to, d)));
                        }
                    }
                }
            }
        }
    }

    /// Pushes by the sentry on `s` of the enemy unit on `n` (§6.2).
    fn pushes(&self, s: usize, n: usize, out: &mut Vec<(String, RefEight)>) {
        let w = self.white;
        let mut t = self.clone();
        let sentry = t.sq[s].take().expect("sentry");
        let u = self.sq[n].expect("victim");
        for (a, face) in t.pushed_unit_targets(n, w) {
            let pm: Vec<(usize, usize)> = if u.kind == b'P' { vec![(n, a)] } else { vec![] };
            let next = self.after(
                |x| {
                    x.sq[s] = None;
                    x.sq[n] = Some(sentry);
                    x.sq[a] = Some(Unit { face, ..u });
                },
                &pm,
                Some((n, a)),
                None,
                false,
            );
            out.push((format!("{}{},{}{}", name(s), name(n), name(n), name(a)), next));
        }
    }

    /// Castling (§8, §10).
    fn castles(&self, out: &mut Vec<(String, RefEight)>) {
        let w = self.white;
        let k = self.king(w);
        if self.held(k) || self.attacked(k, !w) {
            return;
        }
        let back = if w { 0 } else { 56 };
        for side in 0..2 {
            let Some(p) = self.rights[side + if w { 0 } else { 2 }] else { continue };
            if self.held(p) {
                continue;
            }
            let (kd, pd) = if side == 0 { (back + 6, back + 5) } else { (back + 2, back + 3) };
            let span = |a: usize, b: usize| -> Vec<usize> { (a.min(b)..=a.max(b)).collect() };
            let mut need = span(k, kd);
            need.extend(span(p, pd));
            if need.iter().any(|&x| x != k && x != p && self.sq[x].is_some()) {
                continue;
            }
            // The king standing on each square it passes over or lands on, its start square
            // empty and the partner unmoved (removed only if the king stands on its square).
            let walk: Vec<usize> = span(k, kd).into_iter().filter(|&x| x != k).collect();
            let attacked = walk.iter().any(|&x| {
                let mut t = self.clone();
                let king = t.sq[k].take();
                if x == p {
                    t.sq[p] = None;
                }
                t.sq[x] = king;
                t.attacked(x, !w)
            });
            if attacked {
                continue;
            }
            let king = self.sq[k].expect("king");
            let partner = self.sq[p].expect("partner");
            let next = self.after(
                |n| {
                    n.sq[k] = None;
                    n.sq[p] = None;
                    n.sq[kd] = Some(king);
                    n.sq[pd] = Some(partner);
                },
                &[],
                None,
                None,
                true,
            );
            let text = if self.shredder {
                format!("{}{}", name(k), name(p))
            } else {
                format!("{}{}", name(k), name(kd))
            };
            out.push((text, next));
        }
    }

    /// Every legal move as (coordinate text, position after), one entry per distinct text.
    /// Panics if two ways of writing the same text give different positions.
    pub fn moves(&self) -> Vec<(String, RefEight)> {
        let w = self.white;
        let mut legal: Vec<(String, RefEight)> =
            self.pseudo().into_iter().filter(|(_, n)| !n.attacked(n.king(w), !w)).collect();
        legal.sort_by(|a, b| a.0.cmp(&b.0));
        legal.dedup_by(|a, b| {
            if a.0 == b.0 {
                assert_eq!(a.1, b.1, "two moves written {} differ", a.0);
                true
            } else {
                false
            }
        });
        legal
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        let w = self.white;
        self.attacked(self.king(w), !w)
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
