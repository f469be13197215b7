//! XBoard transcripts in `pieceeater` (xboard-notes §4.3): `variant` answered with the `setup`
//! and `piece` lines, the PE step in the kill slot and XBoard's relays of it, turns without
//! their leg (forced step, or the engine's own die), the PE marked by `highlight`, and the
//! engine's own moves in kill-slot form.

use menagerie_tests::proto::Driver;
use std::time::Duration;

fn start() -> Driver {
    let mut e = Driver::start();
    e.send("xboard");
    e.ask("protover 2", "feature done=1");
    e
}

fn sync(e: &mut Driver, n: u32) -> Vec<String> {
    e.ask(&format!("ping {n}"), &format!("pong {n}"))
}

#[test]
fn variant_setup_usermoves_and_engine_move() {
    let mut e = start();
    e.send("new");
    e.send("variant pieceeater");
    let lines = sync(&mut e, 1);
    assert!(
        lines.iter().any(|l| l
            == "setup (PNBRQ.EKpnbrq.ek) 8x8+4_bughouse \
                rnbqkbnr/pppppppp/8/8/3E4/8/PPPPPPPP/RNBQKBNR[RBNPPPrbnppp] w KQkq - 0 1"),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l == "piece E& "), "{lines:?}");
    e.send("force");
    // 1. g1f3 with the PE stepping d4 -> d5, in the kill slot (f3 is not next to d4: a free
    // step). The highlight marks the PE's real square d5 (XBoard cannot move the elephant).
    e.send("usermove g1f3,d5f3");
    let lines = sync(&mut e, 2);
    assert!(!lines.iter().any(|l| l.starts_with("Illegal")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "highlight 8/8/8/3B4/8/8/8/8"), "{lines:?}");
    // 1... e7e5 without a leg: e5 is next to the PE on d5, so the step d5e5 is forced.
    e.send("usermove e7e5");
    let lines = sync(&mut e, 3);
    assert!(lines.iter().any(|l| l == "highlight 8/8/8/4B3/8/8/8/8"), "{lines:?}");
    // A kill square the PE cannot reach (a8 is no neighbour of e5): refused, nothing changes.
    e.send("usermove g2g3,a8g3");
    let lines = sync(&mut e, 4);
    assert!(lines.iter().any(|l| l.starts_with("Illegal move")), "{lines:?}");
    // The engine plays White: its move is a legal action, with the PE step in the kill slot
    // when the step was free, and the PE's square highlighted after it.
    e.send("st 1");
    e.send("go");
    let out = e.until(Duration::from_secs(30), |l| l.starts_with("move "));
    let mv = out.last().unwrap();
    assert!(mv.starts_with("move "), "{out:?}");
    let hl = e.until(Duration::from_secs(5), |l| l.starts_with("highlight"));
    assert!(hl.last().unwrap().starts_with("highlight "), "{hl:?}");
    e.quit();
}
