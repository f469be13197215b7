use movegen::rules::Rules;
use movegen::variants::jumpingknights::JumpingKnights;
use movegen::MoveBuf;

fn walk(p: &JumpingKnights, d: u32, st: &mut [u64; 6]) {
    if d == 0 {
        st[0] += 1;
        st[1] += u64::from(p.rule4_applies());
        st[2] += u64::from(p.in_check());
        st[3] += p.count_legal();
        st[4] += u64::from((p.board().color(p.turn()).0 & movegen::variants::jumpingknights::edge().0).count_ones() > 2);
        return;
    }
    let mut l = <JumpingKnights as Rules>::Moves::default();
    p.legal_moves(&mut l);
    for &m in l.iter() {
        walk(&p.play(m), d - 1, st);
    }
    let _ = l.len();
    l.clear();
}

#[test]
#[ignore]
fn stats() {
    for d in 2..5 {
        let mut st = [0u64; 6];
        walk(&JumpingKnights::startpos(), d, &mut st);
        eprintln!("depth {d}: positions {} rule4 {} check {} leaves {} edge>2 {}", st[0], st[1], st[2], st[3], st[4]);
    }
}

#[test]
#[ignore]
fn micro() {
    let fens = [
        movegen::variants::jumpingknights::START_FEN,
        "2w4w2/1rnb1kb1r1/1pp2pppp1/3p6/10/10/7P2/1PPP1PPBP1/1RNBqK1NR1/6WW2 w KQkq - 0 5",
    ];
    let mut positions: Vec<JumpingKnights> = fens.iter().map(|f| JumpingKnights::from_fen(f).unwrap()).collect();
    positions.extend(menagerie_tests::random_positions(&JumpingKnights::startpos(), 3, 20, 12));
    for p in &positions {
        let n = 200_000;
        let t = std::time::Instant::now();
        let mut s = 0;
        for _ in 0..n {
            s += std::hint::black_box(p).count_legal();
        }
        let el = t.elapsed().as_nanos() as f64 / n as f64;
        let mut l = <JumpingKnights as Rules>::Moves::default();
        p.legal_moves(&mut l);
        let t = std::time::Instant::now();
        for &m in l.iter() { for _ in 0..1000 { std::hint::black_box(std::hint::black_box(p).play(m)); } }
        let pl = t.elapsed().as_nanos() as f64 / (1000.0 * l.len().max(1) as f64);
        eprintln!("{:>7.0} ns count ({} moves, {:.1} ns/move) play {:.0} ns r4 {} chk {} {}", el, s / n, el / (s / n).max(1) as f64, pl, p.rule4_applies(), p.in_check(), p.fen());
    }
}

#[test]
#[ignore]
fn startloop() {
    let p = JumpingKnights::startpos();
    let mut s = 0;
    for _ in 0..3_000_000 {
        s += std::hint::black_box(&p).count_legal();
    }
    eprintln!("{s}");
}

