//! 8x8 attack tables: leapers, pawns, lines, and slider lookups.
//!
//! Slider lookups index a shared table by the relevant blockers of a square through a classic
//! "fancy magic" multiply. The magic numbers were found by a seeded search and are embedded as
//! constants (searching them at start-up cost 0.4 s of CPU per process). (`PEXT` would need
//! `unsafe` under `#![forbid(unsafe_code)]`; the multiply is as fast here, see
//! `docs/performance.md`.)

use crate::types::{Bb64, Bitboard, Color, Delta, Geo8x8, Geometry, Square};
use rand_core::{RngCore, SeedableRng};
use std::sync::LazyLock;

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Entry {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Every 8x8 lookup table.
#[derive(Debug)]
pub struct Tables8 {
    /// Knight attacks.
    pub knight: [Bb64; 64],
    /// King attacks.
    pub king: [Bb64; 64],
    /// Pawn capture squares by colour.
    pub pawn: [[Bb64; 64]; 2],
    /// Squares strictly between two squares on a common rook/bishop line (else empty).
    pub between: Box<[[Bb64; 64]; 64]>,
    /// The whole line through two squares on a common rook/bishop line, edge to edge (else
    /// empty).
    pub line: Box<[[Bb64; 64]; 64]>,
    rook: [Entry; 64],
    bishop: [Entry; 64],
    table: Vec<Bb64>,
}

static TABLES: LazyLock<Tables8> = LazyLock::new(Tables8::build);

/// The shared 8x8 tables (built on first use).
#[inline(always)]
pub fn tables() -> &'static Tables8 {
    &TABLES
}

/// Magic multipliers found once by [`find_magic`] (seeded search, see the ignored test
/// `print_searched_magics`) and embedded so start-up does not repeat the 0.4 s search. A wrong
/// entry is caught at build time of the tables (it falls back to the search) and by a test.
const ROOK_MAGICS: [u64; 64] = [
    0x10800011c0008228,
    0x0100208010400100,
    0x09000a2000401300,
    0x0880100006080080,
    0x0200020004081020,
    0x0200020008010410,
    0x1400100a08108944,
    0xa0800b0000d32080,
    0x0004800040088024,
    0x28e0804000200080,
    0x9002002042028610,
    0x0009002010010208,
    0xa025000800050011,
    0x0000808004000200,
    0x0121000100020044,
    0x1242000100904412,
    0x008000c020004000,
    0x0142020040802100,
    0x0010008010200080,
    0x9b90010008110420,
    0x0428008004008008,
    0x8002008080040002,
    0x0008440011108802,
    0x6891520000410084,
    0x0012008200204100,
    0x8040200040005000,
    0x0120002080100080,
    0x0400080180500080,
    0x0080050100100801,
    0x149a000280800400,
    0x2002001e00044805,
    0x0010104200108411,
    0x400a010642002280,
    0x0840008041802009,
    0x2100200284801000,
    0x1008100080800804,
    0x8000080080800400,
    0x0000020080800400,
    0x0040502904001208,
    0x400001008e002044,
    0x4040804000218010,
    0x5e40080030012000,
    0x0000200041030010,
    0x0780081001010020,
    0x0040040008008080,
    0x900a001004020008,
    0x0040011088040002,
    0x2820210040820004,
    0x886c860041002200,
    0x0038804001082100,
    0x0415004020011100,
    0x0001002010000900,
    0x0140040080080080,
    0x8200800400020080,
    0x0808102148020400,
    0x1000041300468200,
    0x008000a210c08901,
    0x0004104000802501,
    0x2c3640110a002082,
    0x0043002210000409,
    0x8802001020040802,
    0x020b00a80604000d,
    0x0010011030821804,
    0x0004e04400208102,
];
/// Bishop counterparts of [`ROOK_MAGICS`].
const BISHOP_MAGICS: [u64; 64] = [
    0x0020200081104280,
    0x0010140800424114,
    0x8010008081080208,
    0x040240810400002a,
    0x0014242001101100,
    0x0005100211020220,
    0x870504010540085c,
    0x0008420080b84001,
    0x0400080808408404,
    0x2000424404040040,
    0x0510040404004905,
    0x0080022282000001,
    0x80020405a0002010,
    0x100021042104020a,
    0x0000040421345100,
    0x0000082088080800,
    0x80080210c2100440,
    0x0024002004044048,
    0x1010022204204100,
    0x0004000240128001,
    0x0834000880e00c10,
    0x0a20800100600220,
    0x040142a182103000,
    0x4102000040740401,
    0x4210090424a00488,
    0x00a4100004011800,
    0x4024010210010021,
    0x01c4080009081100,
    0x2200404004010041,
    0x080a02000b880121,
    0x0001020120480420,
    0x208c010000445200,
    0x1008044200100210,
    0x8008180450090108,
    0x00a1002800048802,
    0x2014020080080080,
    0x0101010402020020,
    0x4010004201004100,
    0x8221080100008420,
    0x0084090440082414,
    0x0008010820200804,
    0x804a211008400200,
    0x0000141088001003,
    0x0200001044002022,
    0x0040402c08200100,
    0x151060080c206240,
    0x4504080214280840,
    0x06120202182c0600,
    0x00004a0220600002,
    0x01004208013800d4,
    0x0000ac4108210110,
    0x8418100084040000,
    0x5008202004240281,
    0x802404a044890000,
    0x0008111002004001,
    0x001010a101002100,
    0x0011104128084002,
    0x0004021082080200,
    0x0066000029080800,
    0x0300060000420200,
    0x1416200440150901,
    0x000000202002e080,
    0x0000210210020094,
    0xc108101002002420,
];

const ROOK_DIRS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn slow_slide(sq: Square, occ: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
            out |= 1 << n.0;
            if occ & (1 << n.0) != 0 {
                break;
            }
            cur = n;
        }
    }
    out
}

fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> u64 {
    let mut out = 0u64;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
            // The last square of a ray never matters as a blocker.
            if Geo8x8::offset(n, Delta::new(dx, dy)).is_none() {
                break;
            }
            out |= 1 << n.0;
            cur = n;
        }
    }
    out
}

fn subsets(mask: u64) -> Vec<u64> {
    let mut v = Vec::with_capacity(1 << mask.count_ones());
    let mut s = 0u64;
    loop {
        v.push(s);
        s = s.wrapping_sub(mask) & mask;
        if s == 0 {
            break;
        }
    }
    v
}

fn fill(
    entries: &mut [Entry; 64],
    table: &mut Vec<Bb64>,
    dirs: &[(i8, i8)],
    known: &[u64; 64],
    rng: &mut rand_pcg::Pcg64,
) {
    for i in 0..64u8 {
        let sq = Square(i);
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let occs = subsets(mask);
        let atts: Vec<u64> = occs.iter().map(|&o| slow_slide(sq, o, dirs)).collect();
        let offset = table.len() as u32;
        table.resize(table.len() + (1 << bits), Bitboard::EMPTY);
        let magic = if magic_ok(known[usize::from(i)], bits, &occs, &atts) {
            known[usize::from(i)]
        } else {
            find_magic(mask, bits, &occs, &atts, rng)
        };
        let e = Entry { mask, magic, shift: 64 - bits, offset };
        for (o, a) in occs.iter().zip(&atts) {
            table[e.index(*o)] = Bitboard(*a);
        }
        entries[usize::from(i)] = e;
    }
}

/// Whether `magic` maps every blocker subset to a slot without a harmful collision.
fn magic_ok(magic: u64, bits: u32, occs: &[u64], atts: &[u64]) -> bool {
    let mut used = vec![None; 1 << bits];
    occs.iter().zip(atts).all(|(&o, &a)| {
        let idx = (o.wrapping_mul(magic) >> (64 - bits)) as usize;
        *used[idx].get_or_insert(a) == a
    })
}

fn find_magic(mask: u64, bits: u32, occs: &[u64], atts: &[u64], rng: &mut rand_pcg::Pcg64) -> u64 {
    let mut used = vec![0u64; 1 << bits];
    let mut epoch = vec![0u32; 1 << bits];
    for attempt in 1u32.. {
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let ok = occs.iter().zip(atts).all(|(&o, &a)| {
            let idx = (o.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[idx] != attempt {
                epoch[idx] = attempt;
                used[idx] = a;
                true
            } else {
                used[idx] == a
            }
        });
        if ok {
            return magic;
        }
    }
    unreachable!()
}

impl Tables8 {
    fn build() -> Tables8 {
        let leap = |offs: &[Delta]| -> [Bb64; 64] {
            let v = super::leaper_table::<Geo8x8>(offs);
            std::array::from_fn(|i| v[i])
        };
        let knight = leap(&super::symmetric(1, 2));
        let mut king_offs = super::symmetric(1, 1);
        king_offs.extend(super::symmetric(0, 1));
        let king = leap(&king_offs);
        let pawn = [
            leap(&[Delta::new(-1, 1), Delta::new(1, 1)]),
            leap(&[Delta::new(-1, -1), Delta::new(1, -1)]),
        ];
        let mut between = Box::new([[Bitboard::EMPTY; 64]; 64]);
        let mut line = Box::new([[Bitboard::EMPTY; 64]; 64]);
        for a in 0..64u8 {
            for (dx, dy) in ROOK_DIRS.iter().chain(BISHOP_DIRS.iter()).copied() {
                let mut cur = Square(a);
                let mut path = 0u64;
                // Full line through a in this direction (both ways).
                let full = slow_slide(Square(a), 0, &[(dx, dy), (-dx, -dy)]) | (1 << a);
                while let Some(n) = Geo8x8::offset(cur, Delta::new(dx, dy)) {
                    between[usize::from(a)][n.idx()] = Bitboard(path);
                    line[usize::from(a)][n.idx()] = Bitboard(full);
                    path |= 1 << n.0;
                    cur = n;
                }
            }
        }
        let mut rng = rand_pcg::Pcg64::seed_from_u64(0x6d65_6e61_6765_7269);
        let mut table = Vec::new();
        let mut rook = [Entry::default(); 64];
        let mut bishop = [Entry::default(); 64];
        fill(&mut rook, &mut table, &ROOK_DIRS, &ROOK_MAGICS, &mut rng);
        fill(&mut bishop, &mut table, &BISHOP_DIRS, &BISHOP_MAGICS, &mut rng);
        Tables8 { knight, king, pawn, between, line, rook, bishop, table }
    }

    /// Rook attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn rook(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.table[self.rook[sq.idx()].index(occ.0)]
    }

    /// Bishop attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn bishop(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.table[self.bishop[sq.idx()].index(occ.0)]
    }

    /// Queen attacks from `sq` with blockers `occ`.
    #[inline(always)]
    pub fn queen(&self, sq: Square, occ: Bb64) -> Bb64 {
        self.rook(sq, occ) | self.bishop(sq, occ)
    }

    /// Pawn capture squares of a `color` pawn on `sq`.
    #[inline(always)]
    pub fn pawn_attacks(&self, color: Color, sq: Square) -> Bb64 {
        self.pawn[color.index()][sq.idx()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Prints freshly searched magics (run with `--ignored --nocapture` to regenerate
    /// `ROOK_MAGICS` / `BISHOP_MAGICS`).
    #[test]
    #[ignore]
    fn print_searched_magics() {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(0x6d65_6e61_6765_7269);
        for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
            let mut out = Vec::new();
            for i in 0..64u8 {
                let mask = relevant_mask(Square(i), dirs);
                let occs = subsets(mask);
                let atts: Vec<u64> = occs.iter().map(|&o| slow_slide(Square(i), o, dirs)).collect();
                out.push(format!(
                    "{:#018x}",
                    find_magic(mask, mask.count_ones(), &occs, &atts, &mut rng)
                ));
            }
            println!("[{}]", out.join(", "));
        }
    }

    #[test]
    fn embedded_magics_are_all_valid() {
        for (dirs, known) in [(&ROOK_DIRS, &ROOK_MAGICS), (&BISHOP_DIRS, &BISHOP_MAGICS)] {
            for i in 0..64u8 {
                let mask = relevant_mask(Square(i), dirs);
                let occs = subsets(mask);
                let atts: Vec<u64> = occs.iter().map(|&o| slow_slide(Square(i), o, dirs)).collect();
                assert!(
                    magic_ok(known[usize::from(i)], mask.count_ones(), &occs, &atts),
                    "square {i}"
                );
            }
        }
    }

    #[test]
    fn sliders_match_slow_reference_on_random_occupancies() {
        let t = tables();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(7);
        for _ in 0..2000 {
            let occ = rng.next_u64() & rng.next_u64();
            for i in 0..64u8 {
                let sq = Square(i);
                assert_eq!(t.rook(sq, Bitboard(occ)).0, slow_slide(sq, occ, &ROOK_DIRS));
                assert_eq!(t.bishop(sq, Bitboard(occ)).0, slow_slide(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn lines_and_between() {
        let t = tables();
        let s = |n: &str| Geo8x8::parse_square(n).unwrap();
        assert_eq!(t.between[s("a1").idx()][s("d4").idx()].count(), 2);
        assert_eq!(t.between[s("a1").idx()][s("b3").idx()].count(), 0);
        assert_eq!(t.line[s("c3").idx()][s("e5").idx()].count(), 8);
        assert!(t.line[s("a1").idx()][s("b3").idx()].is_empty());
        assert_eq!(t.king[s("a1").idx()].count(), 3);
        assert_eq!(t.pawn_attacks(Color::Black, s("a7")).0, 1 << s("b6").0);
    }
}
