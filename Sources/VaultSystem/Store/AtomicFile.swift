import VaultCore
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Whole-file reads and crash-safe replacement: write a temporary file (mode 0600) in the same
/// folder, fsync it, rename it over the target, fsync the folder. A reader, or a process that
/// starts after a crash, sees the old file or the new one, never a mix.
public enum AtomicFile {
    /// The prefix of the temporary files next to `path`; under the vault lock, any such file
    /// is left over from a writer that was killed, and is removed.
    static func temporaryPrefix(for path: String) -> String {
        "." + Paths.lastComponent(of: path) + ".tmp-"
    }

    /// Reads the whole file, refusing anything larger than `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 31) throws(StoreError) -> [UInt8] {
        let file = try ReadOnlyFile(path: path, limit: limit)
        return try file.bytes(0..<file.count)
    }

    /// Replaces (or creates) `path` with `bytes`, atomically and durably, with `mode` (0600
    /// unless told otherwise). With `exclusive`, fails with `.fileExists` instead of replacing an
    /// existing file. Without `durable`, the data and the new name are not flushed to disk one by
    /// one: for copies whose loss in a crash costs nothing (their source is still there).
    ///
    /// The file is written without a name (O_TMPFILE), so that a process killed while writing
    /// leaves nothing behind. A new file (`exclusive`) is then linked under `path`; a replacement
    /// is linked under a hidden temporary name and renamed over `path`, with termination signals
    /// held off between the two (SIGKILL and power loss cannot be; the vault's leftovers are
    /// removed by the next writer). Where the file system cannot make unnamed files, the data
    /// goes through that named temporary file from the start.
    public static func write(
        _ bytes: UnsafeRawBufferPointer, to path: String, exclusive: Bool = false, mode: mode_t = 0o600,
        durable: Bool = true
    ) throws(StoreError) {
        let folder = Paths.folder(of: path)
        if let fd = try UnnamedFile.create(in: folder, for: path) {
            defer { close(fd) }
            try fill(fd, with: bytes, mode: mode, durable: durable, name: path)
            if exclusive {
                try UnnamedFile.link(fd, to: path)
            } else {
                try TerminationDeferral.holding { _ throws(StoreError) in
                    let temporary = temporaryName(for: path, in: folder)
                    try UnnamedFile.link(fd, to: temporary)
                    guard rename(temporary, path) == 0 else {
                        let code = errno
                        unlink(temporary)
                        throw .io(path: path, operation: "replace", errno: code)
                    }
                }
            }
        } else {
            // Ctrl-C, kill and a closed terminal wait until the temporary file is renamed or
            // removed: it may hold a plaintext export, and nothing else would ever delete it.
            try TerminationDeferral.holding { _ throws(StoreError) in
                try writeNamed(bytes, to: path, in: folder, exclusive: exclusive, mode: mode, durable: durable)
            }
        }
        if durable {
            do { try syncFolder(folder) } catch .io(_, _, let code) { throw .notFlushed(path: path, errno: code) }
        }
    }

    private static func temporaryName(for path: String, in folder: String) -> String {
        folder + "/" + temporaryPrefix(for: path) + randomSuffix()
    }

    private static func writeNamed(
        _ bytes: UnsafeRawBufferPointer, to path: String, in folder: String, exclusive: Bool, mode: mode_t, durable: Bool
    ) throws(StoreError) {
        let temporary = temporaryName(for: path, in: folder)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .io(path: temporary, operation: "create", errno: errno) }
        var committed = false
        defer { if !committed { unlink(temporary) } }
        do {
            defer { close(fd) }
            try fill(fd, with: bytes, mode: mode, durable: durable, name: temporary)
        }
        if exclusive {
            // link() fails if the target exists, so two creators cannot both win.
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { throw .fileExists(path: path) }
                throw .io(path: path, operation: "create", errno: errno)
            }
            unlink(temporary)
        } else {
            guard rename(temporary, path) == 0 else { throw .io(path: path, operation: "replace", errno: errno) }
        }
        committed = true
    }

    /// Gives the open file its mode and contents, flushed to disk when `durable`.
    private static func fill(
        _ fd: Int32, with bytes: UnsafeRawBufferPointer, mode: mode_t, durable: Bool, name: String
    ) throws(StoreError) {
        if mode != 0o600 { guard fchmod(fd, mode) == 0 else { throw .io(path: name, operation: "chmod", errno: errno) } }
        do {
            try FileDescriptor(rawValue: fd).writeEvery(bytes)
        } catch {
            throw .io(path: name, operation: "write", errno: error.rawValue)
        }
        if durable { guard fsync(fd) == 0 else { throw .io(path: name, operation: "fsync", errno: errno) } }
    }

    /// Makes a rename in `folder` durable.
    static func syncFolder(_ folder: String) throws(StoreError) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: folder, operation: "open", errno: errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .io(path: folder, operation: "fsync", errno: errno) }
    }

    /// Removes temporary files that a killed writer left next to `path`. Only call this while
    /// holding the vault's lock: then no live writer owns such a file.
    static func removeLeftovers(for path: String) {
        let folder = Paths.folder(of: path)
        let prefix = temporaryPrefix(for: path)
        for name in Paths.names(inFolder: folder) where name.hasPrefix(prefix) { unlink(folder + "/" + name) }
    }

    private static func randomSuffix() -> String {
        let bytes = (try? Sodium.randomBytes(6)) ?? [UInt8](repeating: 0, count: 6)
        return bytes.map { String($0, radix: 16) }.joined()
    }
}
