import Dispatch

/// Runs a command's tasks on the main thread, through the main dispatch queue that an async
/// `main` drains, instead of on Swift's global pool. A command is one task doing one thing at a
/// time; starting a pool thread and handing the work over to it cost more (about 2 ms) than
/// most commands' own work. Work that waits on other threads (a terminal reader, a network
/// event loop) resumes here as well.
final class MainQueueTaskExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        DispatchQueue.main.async { job.runSynchronously(on: executor) }
    }
}
