//! A match's totals: the report printed at the end of `menagerie match` and `menagerie
//! match-merge` (fastchess's layout), the machine-readable summary (`--json`), and merging
//! summaries of runs split across machines.

use super::stats::{Model, Penta, Sprt, Verdict, Wdl};
use serde_json::Value;

/// Format tag of the summary files.
pub const FORMAT: &str = "menagerie-match-summary 1";

/// What a match (or several, merged) produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    /// Variant id.
    pub variant: String,
    /// Engine names (the first is the one scored).
    pub names: [String; 2],
    /// Time control as in the PGN tag.
    pub time_control: String,
    /// The first engine's games.
    pub wdl: Wdl,
    /// The first engine's game pairs.
    pub penta: Penta,
    /// Games lost by a fault.
    pub faults: u32,
    /// The SPRT run, if any.
    pub sprt: Option<Sprt>,
    /// Summaries merged into this one (1 for a single run).
    pub runs: u32,
}

/// `s` as a JSON string.
fn string(s: &str) -> String {
    Value::from(s).to_string()
}

/// A number as JSON: integers without a fraction, other finite numbers in Rust's shortest
/// form, `null` for the rest.
fn number(x: f64) -> String {
    if !x.is_finite() {
        "null".to_string()
    } else if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A non-negative whole number that fits in u32 (written as an integer or as a float with no
/// fraction).
fn as_u32(v: &Value) -> Option<u32> {
    let n = v.as_f64()?;
    (n >= 0.0 && n <= f64::from(u32::MAX) && n.fract() == 0.0).then_some(n as u32)
}

/// Two decimals, without a `-0.00`.
fn fmt_signed(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    format!("{:.2}", r + 0.0)
}

impl Totals {
    /// The report: fastchess's lines (`Elo`/`nElo` from the pairs, `Ptnml(0-2)`, `LLR`) and the
    /// trinomial Elo over games.
    pub fn report(&self) -> String {
        let mut s = format!(
            "Results of {} vs {} ({}, {}{}):\n",
            self.names[0],
            self.names[1],
            self.variant,
            self.time_control,
            if self.runs > 1 { format!(", {} runs", self.runs) } else { String::new() }
        );
        let pair_elo = match (self.penta.elo(), self.penta.nelo()) {
            (Some((e, ee)), Some((n, ne))) => {
                format!("Elo: {} +/- {ee:.2}, nElo: {} +/- {ne:.2}", fmt_signed(e), fmt_signed(n))
            }
            (Some((e, ee)), None) => format!("Elo: {} +/- {ee:.2}, nElo: n/a", fmt_signed(e)),
            _ => "Elo: n/a, nElo: n/a".to_string(),
        };
        s.push_str(&pair_elo);
        s.push('\n');
        let r = &self.wdl;
        s.push_str(&format!(
            "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)\n",
            r.n(),
            r.w,
            r.l,
            r.d,
            f64::from(r.w) + 0.5 * f64::from(r.d),
            100.0 * r.score()
        ));
        let p = self.penta.0;
        s.push_str(&format!(
            "Ptnml(0-2): [{}, {}, {}, {}, {}] ({} pairs)\n",
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.penta.pairs()
        ));
        s.push_str(&match r.elo() {
            Some((e, ee)) => format!("Elo (trinomial, per game): {} +/- {ee:.2}\n", fmt_signed(e)),
            None => "Elo (trinomial, per game): n/a\n".to_string(),
        });
        if let Some(t) = &self.sprt {
            s.push_str(&format!("{} {}\n", t.line(&self.penta), t.model.name()));
            match t.verdict(&self.penta) {
                Some(Verdict::H1) => s.push_str("SPRT: H1 accepted\n"),
                Some(Verdict::H0) => s.push_str("SPRT: H0 accepted\n"),
                None => {}
            }
        }
        if self.faults > 0 {
            s.push_str(&format!("Faults: {}\n", self.faults));
        }
        s
    }

    /// The line that tells a run stopped by its SPRT when the totals no longer show the bound:
    /// the run stops as soon as the LLR crosses one (`reached`), and the games still running
    /// then finish and count, which can take the final LLR back inside the bounds. `None` when
    /// there is nothing to add (no SPRT, no bound reached, or the report shows it).
    pub fn stop_note(&self, reached: Option<Verdict>) -> Option<String> {
        let t = self.sprt.as_ref()?;
        let v = reached?;
        if t.verdict(&self.penta) == Some(v) {
            return None;
        }
        let h = if v == Verdict::H1 { "H1" } else { "H0" };
        Some(format!(
            "SPRT: stopped when the LLR reached the {h} bound ({h} accepted); the games still \
             running then are counted above\n"
        ))
    }

    /// The summary as JSON.
    pub fn to_json(&self) -> String {
        let sprt = match &self.sprt {
            Some(t) => format!(
                "{{\"elo0\": {}, \"elo1\": {}, \"alpha\": {}, \"beta\": {}, \"model\": {}}}",
                number(t.elo0),
                number(t.elo1),
                number(t.alpha),
                number(t.beta),
                string(t.model.name())
            ),
            None => "null".to_string(),
        };
        let p = self.penta.0;
        format!(
            "{{\n  \"format\": {},\n  \"variant\": {},\n  \"engines\": [{}, {}],\n  \
             \"time_control\": {},\n  \"wdl\": {{\"wins\": {}, \"draws\": {}, \"losses\": {}}},\n  \
             \"ptnml\": [{}, {}, {}, {}, {}],\n  \"faults\": {},\n  \"runs\": {},\n  \
             \"sprt\": {sprt}\n}}\n",
            string(FORMAT),
            string(&self.variant),
            string(&self.names[0]),
            string(&self.names[1]),
            string(&self.time_control),
            self.wdl.w,
            self.wdl.d,
            self.wdl.l,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.faults,
            self.runs
        )
    }

    /// Reads a summary written by [`Totals::to_json`].
    pub fn from_json(text: &str) -> Result<Totals, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("JSON: {e}"))?;
        if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
            return Err(format!("not a match summary (\"format\": \"{FORMAT}\" expected)"));
        }
        let field = |k: &str| v.get(k).ok_or_else(|| format!("missing \"{k}\""));
        let text_of = |k: &str| -> Result<String, String> {
            field(k)?.as_str().map(str::to_string).ok_or_else(|| format!("\"{k}\" is not a string"))
        };
        let count = |o: &Value, k: &str| -> Result<u32, String> {
            o.get(k).and_then(as_u32).ok_or_else(|| format!("\"{k}\" is not a count"))
        };
        let engines = field("engines")?.as_array().map_or(&[][..], Vec::as_slice);
        let names = match engines {
            [a, b] => [a.as_str(), b.as_str()],
            _ => [None, None],
        };
        let [Some(n1), Some(n2)] = names else {
            return Err("\"engines\" is not two names".into());
        };
        let wdl_v = field("wdl")?;
        let wdl =
            Wdl { w: count(wdl_v, "wins")?, d: count(wdl_v, "draws")?, l: count(wdl_v, "losses")? };
        let p = field("ptnml")?.as_array().map_or(&[][..], Vec::as_slice);
        let mut penta = Penta::default();
        if p.len() != 5 {
            return Err("\"ptnml\" is not five counts".into());
        }
        for (slot, x) in penta.0.iter_mut().zip(p) {
            *slot = as_u32(x).ok_or("\"ptnml\" is not five counts")?;
        }
        if penta.pairs().checked_mul(2).is_none_or(|g| g > wdl.n()) {
            return Err("\"ptnml\" counts more games than \"wdl\"".into());
        }
        let sprt = match field("sprt")? {
            Value::Null => None,
            s => {
                let num = |k: &str| -> Result<f64, String> {
                    s.get(k).and_then(Value::as_f64).ok_or_else(|| format!("sprt \"{k}\" missing"))
                };
                let model = s
                    .get("model")
                    .and_then(Value::as_str)
                    .and_then(Model::parse)
                    .ok_or("sprt \"model\" is not normalized or logistic")?;
                Some(Sprt {
                    elo0: num("elo0")?,
                    elo1: num("elo1")?,
                    alpha: num("alpha")?,
                    beta: num("beta")?,
                    model,
                })
            }
        };
        Ok(Totals {
            variant: text_of("variant")?,
            names: [n1.to_string(), n2.to_string()],
            time_control: text_of("time_control")?,
            wdl,
            penta,
            faults: count(&v, "faults")?,
            sprt,
            runs: count(&v, "runs")?.max(1),
        })
    }

    /// Adds another run's totals: the same variant, engines and time control are required; the
    /// SPRT must agree (an SPRT given to the merge replaces both).
    pub fn merge(&mut self, o: &Totals) -> Result<(), String> {
        if o.variant != self.variant {
            return Err(format!("variants differ: {} and {}", self.variant, o.variant));
        }
        if o.names != self.names {
            return Err(format!(
                "engines differ: {} vs {} and {} vs {}",
                self.names[0], self.names[1], o.names[0], o.names[1]
            ));
        }
        if o.time_control != self.time_control {
            return Err(format!(
                "time controls differ: {} and {}",
                self.time_control, o.time_control
            ));
        }
        if o.sprt != self.sprt {
            return Err("the runs used different SPRT settings (give --sprt to merge them)".into());
        }
        self.wdl.add(&o.wdl);
        self.penta.add(&o.penta);
        self.faults += o.faults;
        self.runs += o.runs;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(w: u32, d: u32, l: u32, p: [u32; 5]) -> Totals {
        Totals {
            variant: "chess".into(),
            names: ["New \"x\"".into(), "Base".into()],
            time_control: "10+0.1".into(),
            wdl: Wdl { w, d, l },
            penta: Penta(p),
            faults: 1,
            sprt: Some(Sprt {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
                model: Model::Normalized,
            }),
            runs: 1,
        }
    }

    #[test]
    fn json_round_trip() {
        let t = sample(40, 30, 31, [3, 10, 20, 12, 5]);
        assert_eq!(Totals::from_json(&t.to_json()).unwrap(), t);
        let none = Totals { sprt: None, ..t.clone() };
        assert_eq!(Totals::from_json(&none.to_json()).unwrap(), none);
        assert!(Totals::from_json("{}").is_err());
        assert!(Totals::from_json(&t.to_json().replace("[3, 10", "[3, -10")).is_err());
        // 5 pairs claimed by 4 games.
        let bad = sample(1, 2, 1, [1, 1, 1, 1, 1]);
        assert!(Totals::from_json(&bad.to_json()).is_err());
    }

    /// A bound reached during the run is reported even when the games that finished after the
    /// stop took the LLR back inside; nothing is added when the totals show the verdict or no
    /// bound was reached.
    #[test]
    fn stop_note_keeps_the_verdict_reached() {
        let strong = sample(60, 10, 30, [2, 5, 20, 8, 15]);
        assert_eq!(strong.sprt.unwrap().verdict(&strong.penta), None);
        let note = strong.stop_note(Some(Verdict::H1)).expect("a note");
        assert!(note.contains("H1 bound (H1 accepted)"), "{note}");
        assert_eq!(strong.stop_note(None), None);
        let decided = sample(300, 300, 100, [5, 40, 100, 150, 55]);
        assert_eq!(decided.sprt.unwrap().verdict(&decided.penta), Some(Verdict::H1));
        assert_eq!(decided.stop_note(Some(Verdict::H1)), None);
        assert_eq!(Totals { sprt: None, ..strong }.stop_note(Some(Verdict::H1)), None);
    }

    /// Merging adds every count: 40+7 wins, 30+9 draws, 31+4 losses; pairs [3+1, 10+2, 20+5,
    /// 12+2, 5+0] = [4, 12, 25, 14, 5]; faults 1+1; 2 runs.
    #[test]
    fn merge_adds_counts() {
        let mut a = sample(40, 30, 31, [3, 10, 20, 12, 5]);
        let b = sample(7, 9, 4, [1, 2, 5, 2, 0]);
        a.merge(&b).unwrap();
        assert_eq!(a.wdl, Wdl { w: 47, d: 39, l: 35 });
        assert_eq!(a.penta, Penta([4, 12, 25, 14, 5]));
        assert_eq!((a.faults, a.runs), (2, 2));
        let report = a.report();
        assert!(report.contains("Ptnml(0-2): [4, 12, 25, 14, 5] (60 pairs)"), "{report}");
        assert!(report.contains("Games: 121, Wins: 47, Losses: 35, Draws: 39"), "{report}");
        assert!(report.contains("LLR: "), "{report}");
        let other = Totals { variant: "magician".into(), ..b.clone() };
        assert!(a.merge(&other).is_err());
        let other = Totals { sprt: None, ..b.clone() };
        assert!(a.merge(&other).is_err());
        let other = Totals { names: ["Base".into(), "New \"x\"".into()], ..b };
        assert!(a.merge(&other).is_err());
    }
}
