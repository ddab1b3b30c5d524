import Synchronization
import VaultCLI
import VaultSystem

/// git for sync tests that answers the commands a test scripted as a remote that refuses,
/// fails or cannot be reached makes git answer, and passes every other command to the real
/// git: what the scripted commands would have done is not done, and everything else is git's
/// own work on real repositories. It keeps every command it was asked to run.
package final class ScriptedGit: Sendable {
    /// What git leaves for a scripted command: its status and what it wrote.
    package struct Answer: Sendable {
        package var status: Int32
        package var output: String
        package var errors: String

        package init(status: Int32, output: String = "", errors: String) {
            self.status = status
            self.output = output
            self.errors = errors
        }

        /// The push refusal git prints when the remote's branch has commits this one lacks.
        package static func pushRejected(remote: String, branch: String) -> Answer {
            Answer(status: 1, errors: """
                To \(remote)
                 ! [rejected]        HEAD -> \(branch) (fetch first)
                error: failed to push some refs to '\(remote)'
                hint: Updates were rejected because the remote contains work that you do not
                hint: have locally. If you want to integrate the remote changes, use
                hint: 'git pull' before pushing again.

                """)
        }
    }

    private struct Rule {
        var subcommand: String
        var remaining: Int
        var answer: Answer
    }

    /// Something that happens elsewhere just before git runs a command (another machine pushes).
    private struct Event {
        var subcommand: String
        /// Runs still to go by before the action's first.
        var skipping: Int
        var remaining: Int
        var action: @Sendable () throws -> Void
    }

    private struct State {
        var rules: [Rule] = []
        var events: [Event] = []
        var asked: [[String]] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// Answers the next `times` runs of `git subcommand …` (`push`, `fetch`, …) with `answer`
    /// instead of running them. Rules added first are used first.
    package func answer(_ subcommand: String, times: Int = .max, with answer: Answer) {
        state.withLock { $0.rules.append(Rule(subcommand: subcommand, remaining: times, answer: answer)) }
    }

    /// Runs `action` before each of the next `times` runs of `git subcommand …` once `skipping`
    /// runs have gone by, which then run (or are answered) as ever: what another machine does
    /// at that moment.
    package func before(_ subcommand: String, skipping: Int = 0, times: Int = 1, _ action: @escaping @Sendable () throws -> Void) {
        state.withLock { $0.events.append(Event(subcommand: subcommand, skipping: skipping, remaining: times, action: action)) }
    }

    /// The argument lists of every command asked for so far, in order.
    package var asked: [[String]] { state.withLock { $0.asked } }

    /// How many times `git subcommand …` was asked for (answered or run).
    package func count(of subcommand: String) -> Int {
        asked.count { Self.subcommand(of: $0) == subcommand }
    }

    /// This git for a context whose environment is `environment`: scripted commands answered
    /// here, the others run by the `git` on its `PATH`.
    package func access(environment: [String: String]) -> GitAccess {
        GitAccess { () throws(SyncError) in
            ScriptedProgram(script: self, real: try GitExecutable(environment: environment))
        }
    }

    /// The answer scripted for `arguments`, used up by one; nil when the real git runs it. The
    /// events due before it run first.
    fileprivate func take(_ arguments: [String]) throws -> Answer? {
        let subcommand = Self.subcommand(of: arguments)
        let (answer, actions) = state.withLock { state in
            state.asked.append(arguments)
            var actions: [@Sendable () throws -> Void] = []
            for index in state.events.indices where state.events[index].subcommand == subcommand && state.events[index].remaining > 0 {
                if state.events[index].skipping > 0 {
                    state.events[index].skipping -= 1
                    continue
                }
                state.events[index].remaining -= 1
                actions.append(state.events[index].action)
            }
            guard let index = state.rules.firstIndex(where: { $0.subcommand == subcommand && $0.remaining > 0 }) else { return (nil as Answer?, actions) }
            state.rules[index].remaining -= 1
            return (state.rules[index].answer, actions)
        }
        for action in actions { try action() }
        return answer
    }

    /// The git subcommand of an argument list: its first word after the `-c NAME=VALUE` options.
    package static func subcommand(of arguments: [String]) -> String? {
        var words = arguments[...]
        while words.first == "-c" { words = words.dropFirst(2) }
        return words.first
    }
}

/// The `GitProgram` a `ScriptedGit` gives a command.
private struct ScriptedProgram: GitProgram {
    let script: ScriptedGit
    let real: GitExecutable

    func run(_ arguments: [String], in folder: String) throws(HelperProcessError) -> HelperProcess.ProgramOutput {
        let scripted: ScriptedGit.Answer?
        do {
            scripted = try script.take(arguments)
        } catch {
            throw .failed("git", "what the test does before git \(arguments.first ?? "") failed: \(error)")
        }
        guard let answer = scripted else { return try real.run(arguments, in: folder) }
        return HelperProcess.ProgramOutput(status: answer.status, output: Array(answer.output.utf8), errors: Array(answer.errors.utf8))
    }
}
