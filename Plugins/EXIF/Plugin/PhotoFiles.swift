import PhotoMetadata
import VaultCLI
import VaultCore
import VaultSystem

/// Reading photos from disk for `vault exif`.
enum PhotoFiles {
    /// Larger files are refused: no photo is this big, and the whole file is read into memory.
    static let sizeLimit = 1 << 30

    /// Why a file could not be read or written, in one line (the store's errors speak of
    /// vaults; these speak of photos).
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as PhotoError: error.message
        case StoreError.fileMissing: "no such file"
        case StoreError.tooLarge: "larger than 1 GiB, which no photo is"
        case StoreError.fileExists(let path): "\(TerminalText.visible(path)) already exists and is not overwritten"
        case let error as any VaultFailure: error.message
        default: String(describing: error)
        }
    }
}
