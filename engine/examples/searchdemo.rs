use engine::search::*;
use movegen::rules::Rules;
use movegen::variants::chess::Chess;
use std::sync::Arc;

struct Print;
impl Reporter<Chess> for Print {
    fn info(&self, root: &Chess, i: &Info) {
        let mut p = root.clone();
        let mut pv = String::new();
        for &m in &i.pv {
            pv.push_str(&p.move_text(m));
            pv.push(' ');
            p = p.play(m);
        }
        println!(
            "depth {} sel {} score {:?} nodes {} nps {} time {} pv {}",
            i.depth, i.seldepth, i.score, i.nodes, i.nps, i.time_ms, pv
        );
    }
    fn bestmove(&self, root: &Chess, b: Option<movegen::Move>, _: Option<movegen::Move>) {
        println!("bestmove {}", b.map_or("0000".into(), |m| root.move_text(m)));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fen = args
        .get(1)
        .cloned()
        .unwrap_or("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into());
    let depth: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let threads: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(1);
    let s = Searcher::new(threads, 64);
    let pos = Chess::from_fen(&fen).unwrap();
    s.go(
        pos,
        vec![],
        Limits { depth: Some(depth), ..Limits::default() },
        Config::default(),
        Arc::new(Print),
    );
    s.wait();
}
