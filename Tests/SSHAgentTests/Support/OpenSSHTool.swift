import FoundationEssentials
import Foundation

/// OpenSSH's own programs (`ssh-keygen`), which make the key files the tests read and check the
/// public keys and signatures vault makes of them; and a folder to keep the files in.
struct OpenSSHTool {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vault-ssh-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Runs `program` with `arguments`, standard input `input`; its standard output, or an error
    /// with its standard error when it fails.
    @discardableResult
    func run(_ program: String, _ arguments: [String], input: String? = nil) throws -> String {
        String(decoding: try run(program, arguments, input: input, binary: true), as: UTF8.self)
    }

    /// The same, its output as bytes.
    func run(_ program: String, _ arguments: [String], input: String? = nil, binary: Bool) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe(), errors = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data((input ?? "").utf8))
        try standardInput.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "\(program) \(arguments.joined(separator: " ")): \(String(decoding: err, as: UTF8.self))")
        }
        return Array(out)
    }

    /// Makes a key file called `name` with `ssh-keygen -t type` and the other `options`; its text.
    func makeKey(_ name: String, type: String, passphrase: String = "", comment: String = "", _ options: [String] = []) throws -> String {
        try run("ssh-keygen", ["-q", "-t", type, "-N", passphrase, "-C", comment, "-f", name] + options)
        return try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
    }

    /// What `ssh-keygen -y` prints for the key file `name`.
    func publicKeyLine(_ name: String, passphrase: String = "") throws -> String {
        try run("ssh-keygen", ["-y", "-P", passphrase, "-f", name]).trimmingCharacters(in: .newlines)
    }

    /// The SHA-256 fingerprint `ssh-keygen -l` prints for the key file (or public key file) `name`.
    func fingerprint(_ name: String) throws -> String {
        String(try run("ssh-keygen", ["-l", "-E", "sha256", "-f", name]).split(separator: " ")[1])
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
}

/// A tool that failed, with what it said.
struct ToolFailure: Error, CustomStringConvertible {
    let description: String
}
