import PhotoMetadata
import VaultCLI
import VaultCore
import VaultSystem

/// The `FileAnalyzer` of the photo-metadata plugin: a warning per privacy category found.
struct PhotoFileAnalyzer: FileAnalyzer {
    func recognizes(header: [UInt8]) -> Bool {
        ImageFormat(header: header) != nil
    }

    func analyze(fileAt path: String) throws -> [Finding] {
        let report = try PhotoReader.read(AtomicFile.read(path, limit: PhotoFiles.sizeLimit))
        let categories = Set(report.items.map(\.category)).filter(\.isPrivate).sorted()
        return categories.map { category in
            let names = report.items.filter { $0.category == category }.map(\.name)
            return Finding(severity: .warning, message: "the photo holds \(category.rawValue) metadata",
                           details: ["category": category.rawValue, "fields": Array(Set(names)).sorted().joined(separator: ",")])
        }
    }
}
