import PhotoMetadata
import VaultCLI
import VaultCore

/// The `MetadataStripper` of the photo-metadata plugin: the lossless strip of `vault exif
/// strip`, keeping what the picture needs to look the same (ICC profile, orientation).
struct PhotoMetadataStripper: MetadataStripper {
    func recognizes(header: [UInt8]) -> Bool {
        ImageFormat(header: header) != nil
    }

    func strip(_ content: [UInt8]) throws -> (content: [UInt8], removed: [String]) {
        do {
            let result = try PhotoStripper.strip(content, keep: .appearance)
            return (result.output, result.removed)
        } catch {
            throw PhotoStripError(reason: error.message)
        }
    }
}

/// A photo the stripper refused, said as vault says errors.
struct PhotoStripError: VaultFailure {
    let reason: String
    var message: String { "\(reason); --keep-metadata keeps the file as it is" }
    var exitStatus: ExitStatus { .failure }
}
