import CLITestSupport
import Foundation
import Testing

/// `vault exif --strip` stopped part-way through a batch: every photo is left whole (the
/// original or its stripped form) and no temporary file remains.
@Suite("vault exif: interrupted strips")
struct EXIFInterruptTests {
    /// Enough photos that the batch is still running when the signal comes.
    static let count = 2000

    /// `count` names in `folder` for the GPS fixture (hard links: a strip in place renames a new
    /// file over its name, so the other names keep the original).
    static func photos(in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let source = folder + "/0.jpg"
        try FileManager.default.copyItem(atPath: ExifTool.fixtures + "/gps.jpg", toPath: source)
        var paths = [source]
        for index in 1..<count {
            let path = folder + "/\(index).jpg"
            guard link(source, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            paths.append(path)
        }
        return paths
    }

    /// Runs `vault arguments…` as a shell would start it (no signal blocked, which a `Process`
    /// started from a Swift worker thread would inherit), sends `signal` as soon as `started`
    /// says the batch has written something, and returns how it ended and what it printed. A
    /// thread of its own watches, signals and reaps: the test pool's threads may be busy with
    /// other suites for longer than the whole batch takes.
    static func interrupted(
        _ arguments: [String], in fixture: VaultFixture, with signal: Int32, once started: @escaping @Sendable () -> Bool
    ) async throws -> (ending: Termination, stdout: [String], stderr: [String]) {
        let output = fixture.path("interrupted.out"), errors = fixture.path("interrupted.err")
        let written = O_WRONLY | O_CREAT | O_TRUNC
        let pid = try ExternalProgram.spawn(VaultBinary.path, arguments, environment: fixture.environment,
                                            streams: [("/dev/null", O_RDONLY), (output, written), (errors, written)])
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            Thread {
                var status: Int32 = 0
                let deadline = ContinuousClock.now + .seconds(60)
                while waitpid(pid, &status, WNOHANG) == 0 {
                    if started() || ContinuousClock.now > deadline {
                        kill(pid, signal)
                        waitpid(pid, &status, 0)
                        break
                    }
                    usleep(500)
                }
                continuation.resume(returning: status)
            }.start()
        }
        let lines = { (path: String) in
            ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        return (ExternalProgram.termination(status), lines(output), lines(errors))
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
    }

    @Test("SIGTERM during --in-place: the photos under way are finished, the rest left as they were, no temporary file")
    func terminatedInPlace() async throws {
        let fixture = try VaultFixture()
        let folder = fixture.path("photos")
        let paths = try Self.photos(in: folder)
        let original = try Data(contentsOf: URL(fileURLWithPath: paths[0]))
        let isOriginal: @Sendable (String) -> Bool = { path in (try? Data(contentsOf: URL(fileURLWithPath: path))) == original }

        let (ending, stdout, stderr) = try await Self.interrupted(["exif", "--strip", "--in-place"] + paths, in: fixture, with: SIGTERM) {
            !isOriginal(paths[0]) || !isOriginal(paths[1])
        }
        #expect(ending == .signaled(SIGTERM), "the signal ends the batch")
        #expect(try Self.names(in: folder).filter { $0.hasPrefix(".") } == [], "no temporary file is left")
        let stripped = paths.filter { !isOriginal($0) }
        #expect(!stripped.isEmpty && stripped.count < Self.count, "\(stripped.count) of \(Self.count) stripped")
        // Every photo has its line before the signal takes effect: one per stripped photo, and
        // "not done" for each of the others.
        #expect(stdout.count == stripped.count, "\(stdout.count) lines for \(stripped.count) stripped photos")
        let notDone = stderr.filter { $0.contains("not done: interrupted") }
        #expect(notDone.count == Self.count - stripped.count, "\(notDone.count) not-done lines for \(Self.count - stripped.count) photos")
        let check = try await fixture.run(["exif"] + stripped)
        #expect(check.status == 0, "every stripped photo is whole and clean: \(check)")
    }

    @Test("SIGKILL during --output: only whole stripped copies appear in the folder, nothing else")
    func killedIntoFolder() async throws {
        let fixture = try VaultFixture()
        let paths = try Self.photos(in: fixture.path("photos"))
        let output = fixture.path("clean")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)

        let (ending, _, _) = try await Self.interrupted(["exif", "--strip", "--output", output] + paths, in: fixture, with: SIGKILL) {
            (try? Self.names(in: output).isEmpty) == false
        }
        #expect(ending == .signaled(SIGKILL))
        let copies = try Self.names(in: output)
        #expect(copies.allSatisfy { $0.hasSuffix(".jpg") && !$0.hasPrefix(".") }, "only finished copies: \(copies.prefix(5))")
        #expect(!copies.isEmpty && copies.count < Self.count, "\(copies.count) of \(Self.count) copied")
        let check = try await fixture.run(["exif"] + copies.map { output + "/" + $0 })
        #expect(check.status == 0, "every copy is whole and clean: \(check)")
    }
}
