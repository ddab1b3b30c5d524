import PhotoMetadata
import VaultCore

/// The `FileAnalyzer` of the photo-metadata plugin: a warning per privacy category found.
struct PhotoFileAnalyzer: FileAnalyzer {
    func recognizes(header: [UInt8]) -> Bool {
        header.starts(with: [0xFF, 0xD8, 0xFF]) || header.starts(with: [0x89, 0x50, 0x4E, 0x47])
            || header.count >= 12 && header.starts(with: Array("RIFF".utf8)) && Array(header[8..<12]) == Array("WEBP".utf8)
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
