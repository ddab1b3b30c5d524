import Foundation
import Testing

/// exiftool, the reader vault's is compared with (scripts/setup --test installs it; the tests
/// that need it are skipped where it is missing).
enum ExifToolReference {
    static let path = ["/usr/bin/exiftool", "/usr/local/bin/exiftool"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { path != nil }

    /// exiftool's `-j -G -a` reading of `bytes` (keys `Group:Tag`, values as it prints them),
    /// written to a temporary file with this extension.
    static func tags(of bytes: [UInt8], extension: String, arguments: [String] = []) throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vault-exiftool-\(UUID().uuidString).\(`extension`)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return try tags(atPath: file.path, arguments: arguments)
    }

    static func tags(atPath file: String, arguments: [String] = []) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(path))
        process.arguments = ["-j", "-G", "-a"] + arguments + [file]
        process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let list = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return try #require(list.first)
    }

    /// A value as text, whether exiftool gave a string or a number.
    static func text(_ value: Any?) -> String? {
        value.map { "\($0)" }
    }
}
