import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A test server binary built next to `vault` (`fake-hibp`, `tls-test-server`), run by one test
/// on a free port in a temporary folder of its own: started with `--port-file`, stopped with
/// SIGTERM and reaped, its folder removed.
package final class ServerProcess: @unchecked Sendable {
    /// How long a server may take to publish its port; a guard against hanging, not a measure.
    package static let startLimit: Duration = .seconds(20)

    package let name: String
    package let folder: String
    package let port: Int
    private let pid: pid_t
    private let lock = NSLock()
    private var running = true  // guarded by `lock`

    /// The binary called `name` beside `vault`.
    package static func binary(_ name: String) -> String {
        URL(fileURLWithPath: VaultBinary.path).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Starts `name` with `arguments` and `--port-file`; `prepare` may write files into the
    /// server's folder first and returns more arguments.
    package init(_ name: String, arguments: [String], prepare: (String) throws -> [String] = { _ in [] }) async throws {
        let binary = Self.binary(name)
        try #require(FileManager.default.isExecutableFile(atPath: binary), "no \(name) at \(binary): build with `swift build --build-tests`")
        self.name = name
        folder = FileManager.default.temporaryDirectory.path + "/vault-\(name)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let portPath = folder + "/port", errorPath = folder + "/stderr"
        let pid: pid_t
        do {
            let more = try prepare(folder)
            pid = try ExternalProgram.spawn(
                binary, arguments + more + ["--port-file", portPath], environment: ["PATH": "/usr/bin:/bin"],
                streams: [("/dev/null", O_RDONLY), (folder + "/stdout", O_WRONLY | O_CREAT | O_TRUNC),
                          (errorPath, O_WRONLY | O_CREAT | O_TRUNC)])
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        self.pid = pid
        do {
            port = try await Self.publishedPort(of: pid, name: name, portFile: portPath, stderr: errorPath)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            running = false
            throw error
        }
    }

    /// A server the test started itself (lighttpd), taken over to be stopped as the others are:
    /// process `pid`, serving on `port`, with its files in `folder`.
    package init(adopting pid: pid_t, name: String, folder: String, port: Int) {
        self.name = name
        self.folder = folder
        self.port = port
        self.pid = pid
    }

    /// The port the server writes to its port file, polled until it appears; when the server
    /// exits instead, or the start limit passes (it is killed then), an error with its stderr.
    private static func publishedPort(of pid: pid_t, name: String, portFile: String, stderr errorPath: String) async throws -> Int {
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
                throw ServerProcessError(reason: exited ? "\(name) exited at once: \(stderr)" : "\(name) published no port in time: \(stderr)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends SIGTERM and waits for the end (killing it after 10 s); removes the folder.
    package func stop() async throws {
        guard lock.withLock({ () -> Bool in
            defer { running = false }
            return running
        }) else { return }
        kill(pid, SIGTERM)
        let termination = try await ExternalProgram.reap(pid, within: .seconds(10))
        try? FileManager.default.removeItem(atPath: folder)
        #expect(termination != nil, "\(name) did not stop on SIGTERM and was killed")
    }

    /// Runs `body` with a started server and stops it afterwards, whether the body returned or
    /// threw.
    package static func with<Server, Result>(
        _ server: Server, stop: (Server) async throws -> Void, _ body: (Server) async throws -> Result
    ) async throws -> Result {
        do {
            let result = try await body(server)
            try await stop(server)
            return result
        } catch {
            try? await stop(server)
            throw error
        }
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

/// A test server did not start.
package struct ServerProcessError: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }
}
