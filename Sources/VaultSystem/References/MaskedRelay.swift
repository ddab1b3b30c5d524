import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Passes a child's standard output and error on to ours while it runs, through one
/// `SecretMasker` that looks at each and at both together (a terminal shows them together), and
/// feeds its standard input the bytes it is given (`vault run --stdin`).
/// When the child has ended, what it left in the pipes is passed on (for a quarter of a second
/// at most) and the relay stops, even if a process it left behind still holds them open. Where
/// our side is closed (a reader of `vault run … | head` that went away), the child's pipe is
/// closed too, so that the child learns it as it would have without vault in between.
public struct MaskedRelay {
    /// One of the child's output pipes and where its bytes go; its stream in the masker is its
    /// index in `channels`.
    private struct Channel {
        var source: FileDescriptor
        var destination: FileDescriptor
        var isOpen = true
        /// Whether the destination still takes bytes (a reader that went away does not).
        var isWritable = true
    }

    /// How long, at most, what the child left in its pipes is passed on after it ended.
    static let drainTime = Duration.milliseconds(250)
    /// How long one stream's bytes wait behind the other's possible start of a secret before
    /// that start is masked and they pass (`SecretMasker.releaseHeld`).
    static let holdBackTime = Duration.milliseconds(500)

    private var channels: [Channel]
    private var masker: SecretMasker
    private var input: FileDescriptor?
    private var pendingInput: [UInt8]

    /// A relay for `child`: its output to `output`, its errors to `errors`, masking `secrets`;
    /// `input` goes to its standard input pipe, which is then closed.
    public init(child: ChildProcess, secrets: [String], output: FileDescriptor, errors: FileDescriptor, input: [UInt8] = []) {
        channels = [(child.output, output), (child.errors, errors)].compactMap { source, destination in
            source.map { Channel(source: $0, destination: destination) }
        }
        masker = SecretMasker(secrets: secrets, streams: channels.count)
        self.input = child.input
        pendingInput = input
    }

    /// Relays until `child` has ended and returns its exit status (or 128 + the signal). A
    /// destination whose reader went away fails its writes rather than ending vault.
    public mutating func run(until child: ChildProcess) -> Int32 {
        BrokenPipeGuard.failingWithEPIPE { relayAll(until: child) }
    }

    private mutating func relayAll(until child: ChildProcess) -> Int32 {
        if let input { _ = fcntl(input.rawValue, F_SETFL, fcntl(input.rawValue, F_GETFL) | O_NONBLOCK) }
        if pendingInput.isEmpty { closeInput() }
        var status: Int32?
        var endedAt = ContinuousClock.now
        // Since when one stream has waited behind the other's possible start of a secret.
        var heldBackSince: ContinuousClock.Instant?
        while channels.contains(where: \.isOpen) || input != nil {
            if status == nil, let ended = child.exitStatusIfEnded() {
                TerminationSignals.childEnded()
                status = ended
                endedAt = .now
            }
            // Once the child has ended, only what is in the pipes already is passed on, for a
            // moment at most: a process it left behind may go on writing for ever.
            let passed = pass(waiting: status == nil ? 100 : 0)
            if !masker.isHoldingBack {
                heldBackSince = nil
            } else if let since = heldBackSince, since.duration(to: .now) > Self.holdBackTime {
                write(masker.releaseHeld())
                heldBackSince = nil
            } else if heldBackSince == nil {
                heldBackSince = .now
            }
            if status != nil && (!passed || endedAt.duration(to: .now) > Self.drainTime) { break }
        }
        for index in channels.indices { close(index) }
        write(masker.finish())
        closeInput()
        return status ?? child.waitForExit()
    }

    /// Polls the pipes for `milliseconds` and moves what is ready; false when nothing was.
    private mutating func pass(waiting milliseconds: Int32) -> Bool {
        var pollers = channels.map { pollfd(fd: $0.isOpen ? $0.source.rawValue : -1, events: Int16(POLLIN), revents: 0) }
        pollers.append(pollfd(fd: input?.rawValue ?? -1, events: Int16(POLLOUT), revents: 0))
        let ready = poll(&pollers, nfds_t(pollers.count), milliseconds)
        guard ready > 0 else { return false }
        for index in channels.indices where pollers[index].revents != 0 { relay(index) }
        if pollers[channels.count].revents != 0 { feedInput() }
        return true
    }

    private mutating func relay(_ index: Int) {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { buffer in
            SystemCall.retryingInterrupts { read(channels[index].source.rawValue, buffer.baseAddress, buffer.count) }
        }
        if count < 0 && errno == EAGAIN { return }
        guard count > 0 else {
            close(index)
            return write(masker.end(index))
        }
        write(masker.feed(chunk[0..<count], from: index))
    }

    /// Writes what the masker passed on, each to its stream's destination; a destination that
    /// fails takes nothing more, and its pipe from the child is closed.
    private mutating func write(_ passed: [SecretMasker.Passed]) {
        var failed: [Int] = []
        for part in passed where channels[part.stream].isWritable {
            do throws(Errno) {
                try channels[part.stream].destination.writeEvery(part.bytes)
            } catch {
                channels[part.stream].isWritable = false
                close(part.stream)
                failed.append(part.stream)
            }
        }
        // Nothing more comes from those: what they held back from the other stream goes, after
        // what was passed on before it.
        for stream in failed { write(masker.end(stream)) }
    }

    private mutating func close(_ index: Int) {
        guard channels[index].isOpen else { return }
        try? channels[index].source.close()
        channels[index].isOpen = false
    }

    private mutating func feedInput() {
        guard let input else { return }
        let count = pendingInput.withUnsafeBytes { buffer in
            SystemCall.retryingInterrupts { Glibc.write(input.rawValue, buffer.baseAddress, buffer.count) }
        }
        if count < 0 && errno == EAGAIN { return }
        guard count > 0 else { return closeInput() }
        pendingInput.removeFirst(count)
        if pendingInput.isEmpty { closeInput() }
    }

    private mutating func closeInput() {
        try? input?.close()
        input = nil
    }
}
