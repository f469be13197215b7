//! The searcher's long-lived threads and the latches a search's life is tracked with.

use crate::worker::Tables;
use movegen::Error;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};
use std::thread::JoinHandle;

/// Work for one search thread: it is given the thread's own tables and gives them back for the
/// thread's next job (the tables live as long as the thread).
pub(crate) type Job = Box<dyn FnOnce(Tables) -> Tables + Send + 'static>;

/// Long-lived search threads, each waiting for jobs with its tables at hand.
pub(crate) struct Pool {
    senders: Vec<mpsc::Sender<Job>>,
    handles: Vec<JoinHandle<()>>,
}

impl Pool {
    /// `n` threads (at least one) with their tables; `Err` with the reason when the memory for
    /// the tables or the threads' stacks cannot be had (the threads made so far are ended).
    pub(crate) fn new(n: usize) -> Result<Pool, Error> {
        let mut pool = Pool { senders: Vec::new(), handles: Vec::new() };
        for i in 0..n.max(1) {
            let mut tables = Tables::try_new()?;
            let (tx, rx) = mpsc::channel::<Job>();
            let h = std::thread::Builder::new()
                .name(format!("search-{i}"))
                .stack_size(64 * 1024 * 1024)
                .spawn(move || {
                    while let Ok(job) = rx.recv() {
                        tables = job(tables);
                    }
                })
                .map_err(|e| Error::Resources {
                    message: format!("cannot start search thread {}: {e}", i + 1),
                })?;
            pool.senders.push(tx);
            pool.handles.push(h);
        }
        Ok(pool)
    }

    /// Number of threads.
    pub(crate) fn len(&self) -> usize {
        self.senders.len()
    }

    /// Queues `job` on thread `i` (0 is the main thread); it runs after that thread's
    /// earlier jobs.
    pub(crate) fn send(&self, i: usize, job: Job) {
        let _ = self.senders[i].send(job);
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.senders.clear();
        for h in self.handles.drain(..) {
            let _ = h.join();
        }
    }
}

/// Where the searcher is in a job's life.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub(crate) enum Phase {
    /// No job: the next one may start.
    #[default]
    Idle,
    /// A search (or perft) is running and listens to `stop`.
    Busy,
    /// The job has decided and is handing its result to the reporter (`bestmove`); it is over
    /// once that call returns.
    Announcing,
}

/// Completion latch for a search.
#[derive(Default)]
pub(crate) struct Running {
    pub(crate) phase: Mutex<Phase>,
    pub(crate) done: Condvar,
}

impl Running {
    pub(crate) fn set(&self, phase: Phase) {
        let mut p = self.phase.lock().expect("lock");
        *p = phase;
        self.done.notify_all();
    }

    /// The end of a job: announce, then go idle, so that whoever waits for the searcher
    /// (`stop`, a new game) sees the announcement first.
    pub(crate) fn announce(&self, report: impl FnOnce()) {
        self.set(Phase::Announcing);
        report();
        self.set(Phase::Idle);
    }
}

/// Counts a search's helper threads that have not finished yet.
#[derive(Default)]
pub(crate) struct Helpers {
    left: Mutex<usize>,
    done: Condvar,
}

impl Helpers {
    /// A latch for `n` helpers.
    pub(crate) fn new(n: usize) -> Helpers {
        Helpers { left: Mutex::new(n), done: Condvar::new() }
    }

    /// One helper has finished.
    pub(crate) fn finish(&self) {
        let mut left = self.left.lock().expect("lock");
        *left -= 1;
        self.done.notify_all();
    }

    /// Blocks until every helper has finished.
    pub(crate) fn wait(&self) {
        let mut left = self.left.lock().expect("lock");
        while *left > 0 {
            left = self.done.wait(left).expect("lock");
        }
    }
}
