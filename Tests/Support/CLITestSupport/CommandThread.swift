import Foundation

/// A thread of its own for the jobs of one in-process command. Commands block (Argon2id, a held
/// lock, files, helper programs) as a command-line program may; on the few threads Swift's
/// concurrency shares between all the tests that would starve the others, such as one reading a
/// pseudo-terminal against a deadline. As the task executor preferred by the command, this thread
/// runs its work, and the shared threads stay free.
package final class CommandThread: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    package init() {
        let thread = Thread { [self] in runJobs() }
        thread.name = "vault command"
        thread.start()
    }

    package func enqueue(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Lets the thread end once the jobs it has are done.
    package func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
