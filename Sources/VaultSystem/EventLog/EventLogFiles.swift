import VaultCore
import FoundationEssentials
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The security log of one vault on this machine: the folder `<vault file>.log/` (mode 0700),
/// beside the vault and never synced (`vault sync`'s `.gitignore` keeps every file but the
/// vault's out), holding each device's chain (`EventChain`) in segments (`EventLogSegment`):
/// `<device>.log`, the one written to, and the closed ones `<device>.<first number>.log`.
/// Only sealed events are written here. An event is appended under an exclusive `flock` of
/// the segment, after reading where the chain stands from its last line, so concurrent
/// commands chain one after the other.
public struct EventLogFiles: Sendable {
    /// The folder.
    public let path: String
    public let limits: EventLogLimits

    public init(vaultPath: String, limits: EventLogLimits = EventLogLimits()) {
        path = vaultPath + Self.suffix
        self.limits = limits
    }

    /// What the vault file's name is followed by in the folder's.
    public static let suffix = ".log"

    /// The segment written to for `device`.
    func currentPath(device: String) -> String { path + "/" + device + ".log" }

    /// The name of a closed segment of `device` whose first event is `first` (numbers padded,
    /// so that names sort as the segments follow each other).
    private func closedPath(device: String, first: UInt64) -> String {
        let digits = String(first)
        return path + "/" + device + "." + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".log"
    }

    /// Appends `event`, numbered next in `device`'s chain, sealed to `publicKey`, chained from
    /// the chain's start for `vaultID` when it is the first. Returns where the chain then stands.
    @discardableResult
    public func append(_ event: SecurityEvent, device: String, vaultID: String, publicKey: [UInt8]) throws -> EventLogAnchor {
        let file = try lockedCurrentSegment(device: device)
        defer { close(file.rawValue) }
        var (number, link) = try chainEnd(of: file, device: device, vaultID: vaultID)
        if try size(of: file) >= limits.segmentBytes {
            try closeSegment(file, device: device, next: (number + 1, link))
            dropOldSegments(device: device)
            // The event goes into the new segment, opened and locked anew.
            return try append(event, device: device, vaultID: vaultID, publicKey: publicKey)
        }
        if try size(of: file) == 0 {
            let (first, previous) = try restartPoint(device: device, vaultID: vaultID)
            try write(EventLogSegment.headerText(device: device, first: first, previous: previous), to: file)
            (number, link) = (first - 1, previous)
        }
        var numbered = event
        numbered.number = number + 1
        numbered.device = device
        let sealed = try numbered.paddedPlaintext().withUnsafeBytes { try SealedBoxKeyPair.seal($0, to: publicKey) }
        let line = EventLogSegment.Line(number: numbered.number, link: EventChain.link(after: link, number: numbered.number, sealed: sealed), sealed: sealed)
        try write(line.text, to: file)
        return EventLogAnchor(count: line.number, head: line.link)
    }

    /// Where `device`'s chain stands: the number and link of its last event; nil when it has
    /// none, or its last line cannot be read (which `vault log --verify` reports). With
    /// `flushing`, the segment's bytes are on the disk first.
    public func head(device: String, flushing: Bool = false) -> EventLogAnchor? {
        guard let file = try? FileDescriptor.open(currentPath(device: device), .readOnly, options: [.noFollow, .closeOnExec]) else { return nil }
        defer { try? file.close() }
        if flushing && fdatasync(file.rawValue) != 0 { return nil }
        guard let end = try? tail(of: file), let last = EventLogSegment.lastLink(ofTail: end.bytes, isWhole: end.isWhole), last.number > 0 else {
            return nil
        }
        return EventLogAnchor(count: last.number, head: last.link)
    }

    /// The anchor a change of the vault writes for `device`, whose anchor in the vault is
    /// `previous`: where the chain stands, when it went further and still runs through
    /// `previous` (its event of that number has that link, or was dropped with an older
    /// segment); else nil, and the vault keeps `previous`. So a log cut short, or changed
    /// before its anchor, stays found out by `vault log --verify` whatever is appended since.
    /// The segment is flushed to disk first, so that the vault, which is, never anchors an
    /// event a crash could take away.
    public func anchor(device: String, after previous: EventLogAnchor?) -> EventLogAnchor? {
        guard let head = head(device: device, flushing: true) else { return nil }
        guard let previous, previous.count > 0 else { return head }
        guard head.count > previous.count else { return nil }
        switch linkOfEvent(previous.count, device: device) {
        case .found(let link): return Sodium.base64Encode(link) == previous.head ? head : nil
        case .dropped: return head
        case .missing: return nil
        }
    }

    /// What the segments say of event `number`'s link.
    private enum LinkLookup {
        case found([UInt8])
        /// Before the oldest segment kept.
        case dropped
        /// Not where it should be.
        case missing
    }

    /// The link of event `number` of `device`'s chain, read from the one segment that holds
    /// it (told by the closed segments' names, and the header of the one written to). An event
    /// before the oldest segment is dropped only where the limits explain it.
    private func linkOfEvent(_ number: UInt64, device: String) -> LinkLookup {
        let closed = closedSegments(device: device)
        var starts = closed.map { (first: $0.first, path: $0.path) }
        if let first = firstNumber(ofSegmentAt: currentPath(device: device)) { starts.append((first, currentPath(device: device))) }
        guard let oldest = starts.map(\.first).min() else { return .missing }
        guard number >= oldest else {
            let lengths = closed.map { segment in
                var info = stat()
                return stat(segment.path, &info) == 0 ? Int(info.st_size) : 0
            }
            return limits.explainDrop(closedSegmentLengths: lengths) ? .dropped : .missing
        }
        guard let holder = starts.filter({ $0.first <= number }).max(by: { $0.first < $1.first }),
              let bytes = try? AtomicFile.read(holder.path, limit: 1 << 30),
              let line = EventLogSegment.parse(bytes)?.lines.first(where: { $0.number == number }) else { return .missing }
        return .found(line.link)
    }

    /// Every segment in the folder, parsed, by device and in order; a file that is not a
    /// segment is named in `unreadable`.
    public func segments() -> (byDevice: [String: [EventLogSegment]], unreadable: [String]) {
        var byDevice: [String: [(name: String, segment: EventLogSegment)]] = [:]
        var unreadable: [String] = []
        for name in Paths.names(inFolder: path) where name.hasSuffix(".log") {
            let file = path + "/" + name
            guard let bytes = try? AtomicFile.read(file, limit: 1 << 30), let segment = EventLogSegment.parse(bytes),
                  name.hasPrefix(segment.device + ".") else {
                unreadable.append(file)
                continue
            }
            byDevice[segment.device, default: []].append((name, segment))
        }
        // In the order they follow each other; a closed segment left under both names by a
        // command killed while closing it is read once.
        let ordered = byDevice.mapValues { files in
            var seen = Set<UInt64>()
            return files.map(\.segment).sorted { $0.first < $1.first }.filter { seen.insert($0.first).inserted }
        }
        return (ordered, unreadable.sorted())
    }

    // MARK: Writing

    /// The segment written to, opened for appending (made if need be) and locked; opened
    /// again when another command closed it (renamed it away) while this one waited.
    private func lockedCurrentSegment(device: String) throws -> FileDescriptor {
        let current = currentPath(device: device)
        while true {
            var fd = Glibc.open(current, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0 && errno == ENOENT {
                // The first event: the folder is made.
                try Paths.createFolders(path)
                fd = Glibc.open(current, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            guard fd >= 0 else { throw StoreError.io(path: current, operation: "open the security log", errno: errno) }
            guard SystemCall.retryingInterrupts({ flock(fd, LOCK_EX) }) == 0 else {
                let code = errno
                close(fd)
                throw StoreError.io(path: current, operation: "lock the security log", errno: code)
            }
            var opened = stat(), named = stat()
            if fstat(fd, &opened) == 0, stat(current, &named) == 0, opened.st_ino == named.st_ino, opened.st_dev == named.st_dev {
                guard opened.st_mode & S_IFMT == S_IFREG else {
                    close(fd)
                    throw StoreError.io(path: current, operation: "write the security log (not a regular file)", errno: EINVAL)
                }
                return FileDescriptor(rawValue: fd)
            }
            close(fd)
        }
    }

    /// The number and link of the last event of the locked segment `file` (its header's
    /// start when it has none; nothing for an empty file, whose start `restartPoint` gives).
    private func chainEnd(of file: FileDescriptor, device: String, vaultID: String) throws -> (UInt64, [UInt8]) {
        let end = try tail(of: file)
        if end.bytes.isEmpty { return (0, EventChain.start(vaultID: vaultID, device: device)) }
        guard let last = EventLogSegment.lastLink(ofTail: end.bytes, isWhole: end.isWhole) else {
            throw EventLogError.damaged(path: currentPath(device: device))
        }
        return last
    }

    /// Where a new segment of `device` starts when the one written to is empty: after the
    /// newest closed one, or at the chain's start.
    private func restartPoint(device: String, vaultID: String) throws -> (first: UInt64, previous: [UInt8]) {
        guard let newest = closedSegments(device: device).last?.path else { return (1, EventChain.start(vaultID: vaultID, device: device)) }
        let file = try FileDescriptor.open(newest, .readOnly, options: [.noFollow, .closeOnExec])
        defer { try? file.close() }
        guard let end = try? tail(of: file), let last = EventLogSegment.lastLink(ofTail: end.bytes, isWhole: end.isWhole) else {
            throw EventLogError.damaged(path: newest)
        }
        return (last.number + 1, last.link)
    }

    /// Closes the segment written to: a new one, starting at `next`, takes its name in one
    /// rename, and it keeps its events under its closed name.
    private func closeSegment(_ file: FileDescriptor, device: String, next: (first: UInt64, previous: [UInt8])) throws {
        let current = currentPath(device: device)
        guard let header = try? readHeaderFirst(of: file) else { throw EventLogError.damaged(path: current) }
        let closed = closedPath(device: device, first: header)
        // Its events on the disk before it is closed: the new segment starts from their link.
        guard fdatasync(file.rawValue) == 0 else { throw StoreError.io(path: current, operation: "flush the security log", errno: errno) }
        guard Glibc.link(current, closed) == 0 || errno == EEXIST else { throw StoreError.io(path: closed, operation: "close a segment of the security log", errno: errno) }
        let started = EventLogSegment.headerText(device: device, first: next.first, previous: next.previous)
        try started.withUnsafeBytes { try AtomicFile.write($0, to: current) }
    }

    /// The first event number of the segment at `segmentPath`.
    private func firstNumber(ofSegmentAt segmentPath: String) -> UInt64? {
        guard let file = try? FileDescriptor.open(segmentPath, .readOnly, options: [.noFollow, .closeOnExec]) else { return nil }
        defer { try? file.close() }
        return (try? readHeaderFirst(of: file)) ?? nil
    }

    /// The first event number of the segment `file`.
    private func readHeaderFirst(of file: FileDescriptor) throws -> UInt64? {
        var start = [UInt8](repeating: 0, count: 200)
        let count = try start.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: 0, into: $0) }
        guard let newline = start[..<count].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return EventLogSegment.parse(Array(start[...newline]))?.first
    }

    /// Removes the oldest closed segments of `device` past `limits.keptSegments`.
    private func dropOldSegments(device: String) {
        guard let kept = limits.keptSegments else { return }
        for segment in closedSegments(device: device).dropLast(kept) { unlink(segment.path) }
    }

    /// The closed segments of `device` by their names (`<device>.<20 digits>.log`), in order.
    private func closedSegments(device: String) -> [(first: UInt64, path: String)] {
        Paths.names(inFolder: path).compactMap { name -> (first: UInt64, path: String)? in
            guard name.hasPrefix(device + "."), name.hasSuffix(".log") else { return nil }
            let middle = name.dropFirst(device.count + 1).dropLast(4)
            guard middle.utf8.count == 20, let first = UInt64(middle) else { return nil }
            return (first, path + "/" + name)
        }.sorted { $0.first < $1.first }
    }

    private func write(_ bytes: [UInt8], to file: FileDescriptor) throws {
        do {
            try file.writeEvery(bytes)
        } catch {
            throw StoreError.io(path: path, operation: "write the security log in", errno: error.rawValue)
        }
    }

    private func size(of file: FileDescriptor) throws -> Int {
        var info = stat()
        guard fstat(file.rawValue, &info) == 0 else { throw StoreError.io(path: path, operation: "read the security log in", errno: errno) }
        return Int(info.st_size)
    }

    /// The end of `file`: enough of it to hold its last line, and whether that is all of it.
    private func tail(of file: FileDescriptor) throws -> (bytes: ArraySlice<UInt8>, isWhole: Bool) {
        let total = try size(of: file)
        let length = min(total, 2 * EventLogSegment.maximumLineLength)
        var bytes = [UInt8](repeating: 0, count: length)
        let count = try bytes.withUnsafeMutableBytes { try file.read(fromAbsoluteOffset: Int64(total - length), into: $0) }
        return (bytes[..<count], length == total)
    }
}
