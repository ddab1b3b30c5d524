import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One test's own `fake-hibp` (the local range API built next to `vault`): started on a free
/// port with a data file and a request log in a temporary folder of its own, and stopped with
/// SIGTERM, then reaped, when the test is done with it. Use `FakeRangeServer.with` so that it
/// is stopped however the test ends.
final class FakeRangeServer: @unchecked Sendable {
    static let binary = URL(fileURLWithPath: VaultBinary.path).deletingLastPathComponent().appendingPathComponent("fake-hibp").path
    /// How long the server may take to publish its port; a guard against hanging, not a measure.
    static let startLimit: Duration = .seconds(20)

    let folder: String
    let port: Int
    private let pid: pid_t
    private let logPath: String
    private let lock = NSLock()
    private var running = true  // guarded by `lock`

    /// `http://127.0.0.1:PORT`, for `--api-url`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts a server for a test's body and stops it afterwards, whether the body returned or
    /// threw. `data` holds `SHA1HEX:COUNT` lines; `options` are more `fake-hibp` options
    /// (`--rate-limit 2`, `--fail html`, …).
    static func with<Result>(
        data: String, options: [String] = [], _ body: (FakeRangeServer) async throws -> Result
    ) async throws -> Result {
        let server = try await FakeRangeServer(data: data, options: options)
        do {
            let result = try await body(server)
            try await server.stop()
            return result
        } catch {
            try? await server.stop()
            throw error
        }
    }

    init(data: String, options: [String] = []) async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary),
                     "no fake-hibp at \(Self.binary): build with `swift build --build-tests`")
        folder = FileManager.default.temporaryDirectory.path + "/vault-fake-hibp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let dataPath = folder + "/data.txt", portPath = folder + "/port", errorPath = folder + "/stderr"
        logPath = folder + "/requests.log"
        try Data(data.utf8).write(to: URL(fileURLWithPath: dataPath))
        let arguments = ["--data", dataPath, "--port-file", portPath, "--log", logPath] + options
        let pid = try ExternalProgram.spawn(
            Self.binary, arguments, environment: ["PATH": "/usr/bin:/bin"],
            streams: [("/dev/null", O_RDONLY), (folder + "/stdout", O_WRONLY | O_CREAT | O_TRUNC),
                      (errorPath, O_WRONLY | O_CREAT | O_TRUNC)])
        self.pid = pid
        do {
            port = try await Self.publishedPort(of: pid, portFile: portPath, stderr: errorPath)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            running = false
            throw error
        }
    }

    /// The port the server writes to its port file, polled until it appears; when the server
    /// exits instead, or the start limit passes (it is killed then), an error with its stderr.
    private static func publishedPort(of pid: pid_t, portFile: String, stderr errorPath: String) async throws -> Int {
        let deadline = ContinuousClock.now + startLimit
        var status: Int32 = 0
        while true {
            if let text = try? String(contentsOfFile: portFile, encoding: .utf8), text.hasSuffix("\n"), let port = Int(text.dropLast()) {
                return port
            }
            let exited = waitpid(pid, &status, WNOHANG) == pid
            if exited || ContinuousClock.now >= deadline {
                if !exited {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                }
                let stderr = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
                throw FakeRangeServerError(reason: exited ? "fake-hibp exited at once: \(stderr)" : "fake-hibp published no port in time: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Every request the server has logged so far, one `METHOD PATH add-padding=… user-agent=…`
    /// line each.
    func requests() throws -> [String] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    /// Sends SIGTERM and waits for the end (killing it after 10 s); removes the folder.
    func stop() async throws {
        guard lock.withLock({ () -> Bool in
            defer { running = false }
            return running
        }) else { return }
        kill(pid, SIGTERM)
        let termination = try await ExternalProgram.reap(pid, within: .seconds(10))
        try? FileManager.default.removeItem(atPath: folder)
        #expect(termination != nil, "fake-hibp did not stop on SIGTERM and was killed")
    }

    deinit {
        // Only if `stop` was never called (a test that did not use `with`).
        if running {
            var status: Int32 = 0
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }
}

/// `fake-hibp` did not start.
struct FakeRangeServerError: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

/// One line of the server's request log, taken apart.
struct LoggedRequest: Equatable {
    var method: String
    var path: String
    var addPadding: String
    var userAgent: String

    /// `METHOD PATH add-padding=VALUE user-agent=VALUE` (the user agent may hold spaces).
    init?(_ line: String) {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[2].hasPrefix("add-padding="), parts[3].hasPrefix("user-agent=") else { return nil }
        method = String(parts[0])
        path = String(parts[1])
        addPadding = String(parts[2].dropFirst("add-padding=".count))
        userAgent = String(parts[3].dropFirst("user-agent=".count))
    }

    /// The five characters after `/range/`, if the path is exactly that.
    var rangePrefix: String? {
        guard path.hasPrefix("/range/") else { return nil }
        let prefix = path.dropFirst("/range/".count)
        guard prefix.count == 5, prefix.allSatisfy({ "0123456789ABCDEF".contains($0) }) else { return nil }
        return String(prefix)
    }
}
