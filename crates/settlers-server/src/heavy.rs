//! Work that can take the processor for long (a map's check, a record's replay) runs on
//! threads of its own, never on the async workers that answer every game's messages, and
//! a few jobs at a time: with two cores, one is left to the games while maps are checked.
//! A request that would wait behind too many others is refused as busy instead of queueing
//! without a bound.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Semaphore;

/// Runs heavy jobs a few at a time.
#[derive(Debug)]
pub struct HeavyWork {
    running: Arc<Semaphore>,
    /// Requests waiting or running now.
    queued: AtomicUsize,
    most_queued: usize,
}

/// The job was not run: too many wait already.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Busy;

/// How many heavy jobs run at once on this machine: all cores but one, at least one.
pub fn default_parallel_jobs() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1)
}

impl HeavyWork {
    pub fn new(parallel: usize, most_queued: usize) -> HeavyWork {
        HeavyWork {
            running: Arc::new(Semaphore::new(parallel.max(1))),
            queued: AtomicUsize::new(0),
            most_queued,
        }
    }

    /// Runs `job` off the async workers once a place is free; refused when `most_queued`
    /// requests are waiting or running already (a client's request, which can try again).
    pub async fn run<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        if self.queued.fetch_add(1, Ordering::AcqRel) >= self.most_queued {
            self.queued.fetch_sub(1, Ordering::AcqRel);
            return Err(Busy);
        }
        let result = self.run_waiting(job).await;
        self.queued.fetch_sub(1, Ordering::AcqRel);
        Ok(result)
    }

    /// Runs `job` off the async workers once a place is free, however long that takes (the
    /// server's own work: resuming a game).
    pub async fn run_waiting<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> T {
        let _place = self
            .running
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        match tokio::task::spawn_blocking(job).await {
            Ok(result) => result,
            // A panic in the job is the engine's bug; carry it to the caller's task, where it
            // ends one request or one game, not the server.
            Err(e) => std::panic::resume_unwind(e.into_panic()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_queue_refuses_and_the_async_workers_stay_free() {
        let heavy = Arc::new(HeavyWork::new(1, 2));
        let (release, wait) = std::sync::mpsc::channel::<()>();
        let wait = Arc::new(std::sync::Mutex::new(wait));
        let (started, blocking) = std::sync::mpsc::channel::<()>();
        let blocker = {
            let (heavy, wait) = (heavy.clone(), wait.clone());
            tokio::spawn(async move {
                heavy
                    .run(move || {
                        started.send(()).unwrap();
                        wait.lock().unwrap().recv().unwrap()
                    })
                    .await
            })
        };
        // The first job holds the only place before the second is asked for: spawned tasks
        // are polled in no fixed order, and a second job polled first would simply run.
        tokio::time::timeout(Duration::from_secs(10), async {
            while blocking.try_recv().is_err() {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        })
        .await
        .expect("the first job runs");
        let second = {
            let heavy = heavy.clone();
            tokio::spawn(async move { heavy.run(|| 2).await })
        };
        // Both are queued now: the first runs, the second waits for its place.
        tokio::time::timeout(Duration::from_secs(10), async {
            while heavy.queued.load(Ordering::Acquire) < 2 {
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        })
        .await
        .expect("both jobs are queued");
        assert_eq!(heavy.run(|| 3).await, Err(Busy));
        release.send(()).unwrap();
        blocker.await.unwrap().unwrap();
        assert_eq!(second.await.unwrap(), Ok(2));
        assert_eq!(heavy.run(|| 4).await, Ok(4));
    }
}
