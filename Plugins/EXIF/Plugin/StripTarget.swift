import ArgumentParser
import FoundationEssentials
import PhotoMetadata
import VaultCLI
import VaultCore
import VaultSystem
#if canImport(Glibc)
import Glibc
#endif

/// One file to strip and where its stripped version goes.
struct StripTarget: Sendable {
    let source: String
    let destination: String
    /// Whether the destination is the source (--in-place).
    let replacing: Bool

    /// Where each file goes; two files of the same name cannot go into one folder.
    static func plan(_ files: [String], output: String?) throws -> [StripTarget] {
        guard var output else {
            // A link is followed: the photo it points to is the one replaced, not the link.
            return files.map { file in
                let resolved = realpath(file, nil).map { pointer in defer { free(pointer) }; return String(cString: pointer) }
                return StripTarget(source: file, destination: resolved ?? file, replacing: true)
            }
        }
        while output.count > 1 && output.hasSuffix("/") { output.removeLast() }
        var seen: Set<String> = []
        return try files.map { file in
            let name = Paths.lastComponent(of: file)
            guard seen.insert(name).inserted else {
                throw ValidationError("two files are called \(TerminalText.visible(name)): they cannot both go into \(TerminalText.visible(output))")
            }
            return StripTarget(source: file, destination: output + "/" + name, replacing: false)
        }
    }

    /// Creates the output folder when missing.
    static func prepareFolder(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw StripFolderError.notAFolder(folder) }
            return
        }
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw StripFolderError.cannotCreate(folder, errno) }
    }

    /// Reads, strips and writes atomically with the source's permissions; an output that
    /// already exists is not overwritten. A file replaced in place is flushed to disk before
    /// the rename, so that a crash leaves the old photo or the new one. A copy in the output
    /// folder is left to the kernel to write back, as cp does: its source is untouched, so a
    /// crash can lose only a copy, never a photo. A photo with nothing to remove is not
    /// rewritten in place, and one with other names (hard links) gets a warning: those names keep
    /// the original (said through `warn`).
    func strip(keep: KeepPolicy, warn: (String) -> Void) throws -> StripResult {
        var info = stat()
        let found = stat(source, &info) == 0
        let mode = found ? info.st_mode & 0o777 : 0o644
        let original = try AtomicFile.read(source, limit: PhotoFiles.sizeLimit)
        let result = try PhotoStripper.strip(original, keep: keep)
        if replacing && result.output == original { return result }
        if replacing && found && info.st_nlink > 1 {
            warn("\(TerminalText.visible(source)) has \(info.st_nlink - 1) other name(s) (hard links), which keep the unstripped photo")
        }
        try result.output.withUnsafeBytes { bytes in
            try AtomicFile.write(bytes, to: destination, exclusive: !replacing, mode: mode, durable: replacing)
        }
        return result
    }
}

/// The `--output` folder cannot be used.
enum StripFolderError: VaultFailure {
    case notAFolder(String)
    case cannotCreate(String, Int32)

    var message: String {
        switch self {
        case .notAFolder(let path): "\(TerminalText.visible(path)) is not a folder"
        case .cannotCreate(let path, let code): "cannot create \(TerminalText.visible(path)): \(String(cString: strerror(code)))"
        }
    }

    var exitStatus: ExitStatus { .failure }
}
