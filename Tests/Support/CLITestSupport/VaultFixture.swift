import Foundation
import KeyringDoubles
import Testing
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// A private world for one test: a fresh temporary folder that is `HOME`, holds the vault and a
/// 0600 master-password file, and is deleted when the fixture goes away. Every `vault` it runs
/// gets a clean environment (`HOME`, `VAULT_PATH`, `VAULT_PASSWORD_FILE`, `PATH`, and only what
/// the fixture was asked to pass on) and runs in that folder.
///
/// Where the runs keep the vault's key is the fixture's `keyring` (`Keyring`): by default
/// nowhere (`$HOME/.config/vault/config.json` says `{"keyring": false}`, so no run looks for a
/// keyring or notes on standard error that it found none); in-memory keyrings that every
/// in-process run is given; or the test process's real ones. `display: true` passes on its X
/// display (`DISPLAY`, `XAUTHORITY`) for the clipboard.
///
/// `run` runs a command in-process (`InProcessVault`) unless the fixture needs the session's
/// daemons (the real keyrings, or `display`) or was made with `process: true`; `start` always
/// starts the binary, for what needs a process of its own.
package final class VaultFixture: Sendable {
    package static let masterPassword = "correct horse battery staple ✓"
    /// The cheapest Argon2id profile `vault init` accepts, so that tests are fast.
    package static let cheapKDF = ["--kdf-memory-mib", "8", "--kdf-iterations", "1", "--kdf-parallelism", "1"]

    /// The temporary folder (symbolic links resolved), also `HOME`.
    package let root: String
    package let vaultPath: String
    package let passwordFile: String
    /// Where the standard input and output files of the processes go.
    private let ioFolder: String
    /// Variables of the test process that every run gets as well.
    private let passedOn: [String: String]
    /// Where the runs keep the vault's key.
    package let keyring: Keyring
    /// Whether `run` starts the binary instead of running the command in-process.
    package let runsProcesses: Bool

    /// Where a fixture's runs keep the vault's key.
    package enum Keyring: Sendable {
        /// Nowhere: the config turns the keyring off.
        case off
        /// The test process's own: the kernel keyring of its session, and the Secret Service
        /// on its session bus (`scripts/with-keyring` gives it both), which libsecret finds
        /// from the process's environment. Every run is a process, given the bus
        /// (`DBUS_SESSION_BUS_ADDRESS`, `XDG_RUNTIME_DIR`).
        case system
        /// The keyrings of an in-memory session, which every run is given in-process: fixtures
        /// given the same session see each other's keys, and no run can be a process.
        case inMemory(InMemoryKeyringSession = InMemoryKeyringSession())
    }

    /// The test process's variables that reach its Secret Service and its X display.
    private static let sessionBusVariables = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"]
    private static let displayVariables = ["DISPLAY", "XAUTHORITY"]

    /// A fixture without a vault; see the type's comment for `keyring`, `display` and `process`.
    package init(keyring: Keyring = .off, display: Bool = false, process: Bool = false) throws {
        self.keyring = keyring
        let systemKeyring = if case .system = keyring { true } else { false }
        runsProcesses = systemKeyring || display || process
        let template = FileManager.default.temporaryDirectory.path + "/vault-cli-XXXXXX"
        var buffer = Array(template.utf8CString)
        guard mkdtemp(&buffer) != nil, let resolved = realpath(buffer, nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: template])
        }
        root = String(cString: resolved)
        free(resolved)
        vaultPath = root + "/vault.json"
        passwordFile = root + "/master-password"
        ioFolder = root + "/io"
        try FileManager.default.createDirectory(atPath: ioFolder, withIntermediateDirectories: false)
        try Self.writeFile(passwordFile, Self.masterPassword + "\n", mode: 0o600)
        if case .off = keyring {
            let configFolder = root + "/.config/vault"
            try FileManager.default.createDirectory(atPath: configFolder, withIntermediateDirectories: true)
            try Self.writeFile(configFolder + "/config.json", #"{"keyring": false}"# + "\n")
        }
        let names = (systemKeyring ? Self.sessionBusVariables : []) + (display ? Self.displayVariables : [])
        let parent = ProcessInfo.processInfo.environment
        passedOn = parent.filter { names.contains($0.key) }
        if runsProcesses {
            try #require(
                FileManager.default.isExecutableFile(atPath: VaultBinary.path),
                "no vault binary at \(VaultBinary.path); build it, or set VAULT_BINARY")
        }
    }

    /// A fixture whose vault has been created with `vault init` and the cheap KDF.
    package static func initialized(keyring: Keyring = .off, display: Bool = false, process: Bool = false) async throws -> VaultFixture {
        let fixture = try VaultFixture(keyring: keyring, display: display, process: process)
        try await fixture.succeed(["init"] + cheapKDF)
        return fixture
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The environment every run starts from.
    package var environment: [String: String] {
        passedOn.merging([
            "HOME": root,
            "VAULT_PATH": vaultPath,
            "VAULT_PASSWORD_FILE": passwordFile,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
        ]) { _, own in own }
    }

    /// Starts `vault arguments…`; `environment` adds variables, or removes them with `nil`.
    package func start(_ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:]) throws -> RunningVault {
        if case .inMemory = keyring {
            // It would find the test process's kernel keyring instead.
            throw InMemoryKeyringOutOfReach()
        }
        var environment = self.environment
        for (name, value) in changes { environment[name] = value }
        return try RunningVault(arguments: arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment,
                               directory: root, ioFolder: ioFolder)
    }

    /// Runs `vault arguments…` to its end: in-process, or as a process when the fixture runs
    /// processes or a `timeout` is given (a time limit only a process can be held to: it is
    /// killed after it).
    package func run(
        _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:],
        timeout: Duration? = nil
    ) async throws -> VaultResult {
        guard runsProcesses || timeout != nil else {
            return try await run(arguments, stdin: stdin, environment: changes, adjusting: { _ in })
        }
        return try await CommandGate.commands.admitted {
            try await start(arguments, stdin: stdin, environment: changes).finish(timeout: timeout ?? RunningVault.defaultTimeout)
        }
    }

    /// Runs `vault arguments…` in-process in a context `adjust` changed: with a terminal, a
    /// keyring or clipboards of the test's own. With in-memory keyrings, the context has them
    /// before `adjust` is called.
    package func run(
        _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:],
        adjusting adjust: (inout CommandContext) -> Void
    ) async throws -> VaultResult {
        var environment = self.environment
        for (name, value) in changes { environment[name] = value }
        return try await CommandGate.commands.admitted {
            try await InProcessVault.run(arguments, stdin: stdin.map { Data($0.utf8) }, environment: environment,
                                         ioFolder: ioFolder) { context in
                if case .inMemory(let session) = keyring {
                    let records = KeyLifetimeRecords(stateHome: XDGFolders.stateHome(environment: context.environment))
                    context.keyrings = session.factory(records: records, now: context.now)
                }
                adjust(&context)
            }
        }
    }

    /// Runs `vault arguments…` and stops the test unless it exits 0.
    @discardableResult
    package func succeed(
        _ arguments: [String], stdin: String? = nil, environment changes: [String: String?] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        let result = try await run(arguments, stdin: stdin, environment: changes)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result
    }

    /// `vault add NAME` with the password (and secret field values) on standard input.
    @discardableResult
    package func add(
        _ name: String, password: String, options: [String] = [], secrets: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> VaultResult {
        try await succeed(["add", name] + options, stdin: ([password] + secrets).map { $0 + "\n" }.joined(),
                          sourceLocation: sourceLocation)
    }

    /// The names `vault list` prints, one per line.
    package func names(sourceLocation: SourceLocation = #_sourceLocation) async throws -> [String] {
        try await succeed(["list"], sourceLocation: sourceLocation).stdoutLines
    }

    /// The password `vault get NAME` prints, without its newline.
    package func password(of name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let output = try await succeed(["get", name], sourceLocation: sourceLocation).stdout
        try #require(output.hasSuffix("\n") && output.dropLast().firstIndex(of: "\n") == nil,
                     "get must print one line, printed \(output.debugDescription)", sourceLocation: sourceLocation)
        return String(output.dropLast())
    }

    /// A path inside the fixture's folder.
    package func path(_ name: String) -> String { root + "/" + name }

    /// The vault file's bytes.
    package func vaultBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: vaultPath)) }

    /// Writes a file only its owner can read (or with `mode`), replacing any earlier one.
    @discardableResult
    package static func writeFile(_ path: String, _ contents: String, mode: mode_t = 0o600) throws -> String {
        try writeFile(path, Data(contents.utf8), mode: mode)
    }

    @discardableResult
    package static func writeFile(_ path: String, _ contents: Data, mode: mode_t = 0o600) throws -> String {
        try contents.write(to: URL(fileURLWithPath: path))
        guard chmod(path, mode) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return path
    }

    /// The permission bits of a file or folder.
    package static func mode(of path: String) throws -> mode_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return info.st_mode & 0o7777
    }
}

/// A fixture with in-memory keyrings was asked to start `vault` as a process, which cannot reach
/// them.
package struct InMemoryKeyringOutOfReach: Error, CustomStringConvertible {
    package var description: String { "a started vault cannot reach the fixture's in-memory keyrings: run the command in-process" }
}
