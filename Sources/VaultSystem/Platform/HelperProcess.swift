import VaultCore
import CProcessShim
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Runs a helper program (wl-copy, xclip, xsel, git, or vault's own clearer) with posix_spawn:
/// input through a pipe, never argv; output captured or sent to /dev/null. Foundation's
/// Process is avoided because it never returns when the helper forks a child that keeps the
/// selection, as xclip and xsel do.
public enum HelperProcess {
    /// What a finished helper left.
    public struct Result {
        public var status: Int32
        /// The captured standard output (in guarded memory: it can be a password read back from
        /// the clipboard), cut at the limit asked for; `nil` when it was not captured.
        public var output: SecureBytes?
    }

    /// What a program run by `runProgram` left: its status and everything it wrote.
    public struct ProgramOutput {
        public var status: Int32
        public var output: [UInt8]
        public var errors: [UInt8]

        public init(status: Int32, output: [UInt8], errors: [UInt8]) {
            self.status = status
            self.output = output
            self.errors = errors
        }

        /// The output as text, without the newline that ends it.
        public var text: String {
            var text = String(decoding: output, as: UTF8.self)
            while text.hasSuffix("\n") { text.removeLast() }
            return text
        }
    }

    /// Runs a program whose output is no secret (git) to its end, however long it takes, with
    /// nothing on its standard input and its standard output and error each kept in a file in
    /// memory (so that neither can fill a pipe nobody reads), returned when it exits.
    public static func runProgram(_ path: String, _ arguments: [String], environment: [String: String]) throws(HelperProcessError) -> ProgramOutput {
        let outputFile = vault_memory_file("output")
        let errorFile = vault_memory_file("errors")
        defer { for fd in [outputFile, errorFile] where fd >= 0 { close(fd) } }
        guard outputFile >= 0, errorFile >= 0 else { throw .failed(path, String(cString: strerror(errno))) }
        let pid = try spawn(path, arguments, environment: environment, output: .file(outputFile), errors: .file(errorFile), extraDescriptor: nil) { _ in }
        let status = ProcessSpawn.wait(for: pid.id, timeout: nil)
        return ProgramOutput(status: status, output: readBack(outputFile), errors: readBack(errorFile))
    }

    /// Everything written to a file in memory so far.
    private static func readBack(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        var offset: off_t = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in
                SystemCall.retryingInterrupts { pread(fd, buffer.baseAddress, buffer.count, offset) }
            }
            guard count > 0 else { return bytes }
            bytes += chunk[0..<count]
            offset += off_t(count)
        }
    }

    /// Where a helper's standard output or error goes.
    private enum Destination {
        case null
        case pipe
        case file(Int32)
    }

    /// Starts `path` with `arguments`, writes `input` to its standard input and closes it, reads
    /// its standard output up to `captureOutput` bytes when that is given (else /dev/null), and
    /// waits at most `timeout` seconds for it to exit (it is killed after that). The helper is
    /// always reaped. It gets exactly `environment`; `extraDescriptor` is passed on as fd 3.
    /// With `ownSession` it starts a session of its own (see `ProcessSpawn`): for a helper that
    /// leaves a process behind, as xclip leaves the one that keeps the selection.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String], input: UnsafeRawBufferPointer? = nil,
        captureOutput limit: Int? = nil, timeout: Double = 5, extraDescriptor: Int32? = nil, ownSession: Bool = false
    ) throws(HelperProcessError) -> Result {
        let pid = try spawn(path, arguments, environment: environment, output: limit != nil ? .pipe : .null, errors: .null,
                            extraDescriptor: extraDescriptor, newSession: ownSession) { inputFD in
            if let input, !input.isEmpty { try? FileDescriptor(rawValue: inputFD).writeEvery(input) }
        }
        defer { if let fd = pid.output { close(fd) } }
        var output: SecureBytes?
        var failure: HelperProcessError?
        if let fd = pid.output, let limit {
            do { output = try readAll(fd, limit: limit, deadline: .now + .seconds(timeout), helper: path) } catch { failure = error }
        }
        let status = ProcessSpawn.wait(for: pid.id, timeout: .seconds(timeout))
        if let failure { throw failure }
        return Result(status: status, output: output)
    }

    /// Starts `path` and returns its process id at once, after `feed` has written its standard
    /// input; used for the clearer, which outlives the command, and with `ownSession` for a
    /// daemon (the SSH agent), which outlives the terminal too.
    @discardableResult
    public static func start(_ path: String, _ arguments: [String], environment: [String: String], extraDescriptor: Int32? = nil,
                             ownSession: Bool = false, feed: (Int32) -> Void) throws(HelperProcessError) -> pid_t {
        try spawn(path, arguments, environment: environment, output: .null, errors: .null, extraDescriptor: extraDescriptor,
                  newSession: ownSession, feed: feed).id
    }

    /// Starts the helper: its standard input a pipe that `feed` writes to (and that is closed
    /// after it), its output and errors where asked, and `extraDescriptor` as fd 3.
    private static func spawn(
        _ path: String, _ arguments: [String], environment: [String: String], output: Destination, errors: Destination,
        extraDescriptor: Int32?, newSession: Bool = false, feed: (Int32) -> Void
    ) throws(HelperProcessError) -> (id: pid_t, output: Int32?) {
        let captureOutput = if case .pipe = output { true } else { false }
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw .failed(path, "pipe failed") }
        if captureOutput { guard pipe(&outputPipe) == 0 else { throw .failed(path, "pipe failed") } }
        inputPipe = inputPipe.map(ProcessSpawn.lifted)
        outputPipe = outputPipe.map(ProcessSpawn.lifted)
        let extraSource = extraDescriptor.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        defer { if let extraSource { close(extraSource) } }

        var descriptors: [Int32: ProcessSpawn.Source] = [0: .descriptor(inputPipe[0])]
        if let extraSource { descriptors[3] = .descriptor(extraSource) }
        for (destination, target) in [(output, Int32(1)), (errors, Int32(2))] {
            switch destination {
            case .null: descriptors[target] = .null
            case .pipe: descriptors[target] = .descriptor(outputPipe[1])
            case .file(let fd): descriptors[target] = .descriptor(fd)
            }
        }
        let pid: pid_t
        do {
            pid = try ProcessSpawn.spawn(path, arguments, environment: environment, descriptors: descriptors, newSession: newSession)
        } catch {
            for fd in [inputPipe[0], inputPipe[1], outputPipe[0], outputPipe[1]] where fd >= 0 { close(fd) }
            throw .failed(path, String(cString: strerror(error.rawValue)))
        }
        close(inputPipe[0])
        if captureOutput { close(outputPipe[1]) }
        BrokenPipeGuard.failingWithEPIPE { feed(inputPipe[1]) }
        close(inputPipe[1])
        return (pid, captureOutput ? outputPipe[0] : nil)
    }

    /// Reads the helper's output until it closes it or the deadline passes, straight into
    /// guarded memory; what comes past `limit` bytes is read and dropped.
    private static func readAll(_ fd: Int32, limit: Int, deadline: ContinuousClock.Instant, helper: String) throws(HelperProcessError) -> SecureBytes {
        let buffer: SecureBytes
        do { buffer = try SecureBytes(count: limit) } catch { throw .failed(helper, error.message) }
        var length = 0
        var overflow = [UInt8](repeating: 0, count: 4096)
        defer { overflow.withUnsafeMutableBytes { _ = memset($0.baseAddress!, 0, $0.count) } }
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = SystemCall.retryingInterrupts { poll(&poller, 1, 100) }
            if ready < 0 { break }
            if ready == 0 { continue }
            let source = FileDescriptor(rawValue: fd)
            let count = length < limit
                ? try? buffer.withUnsafeMutableBytes { raw in try source.readSome(into: UnsafeMutableRawBufferPointer(rebasing: raw[length...])) }
                : try? overflow.withUnsafeMutableBytes { raw in try source.readSome(into: raw) }
            guard let count, count > 0 else { break }
            if length < limit { length += count }
        }
        do { return try buffer.slice(0..<length) } catch { throw .failed(helper, error.message) }
    }
}

/// A helper program (its path, and why) that could not be started or read from.
public enum HelperProcessError: VaultFailure, Equatable {
    case failed(String, String)

    public var message: String {
        switch self {
        case .failed(let helper, let why): return "the helper \(helper) failed: \(why)"
        }
    }

    public var exitStatus: ExitStatus { .failure }
}
